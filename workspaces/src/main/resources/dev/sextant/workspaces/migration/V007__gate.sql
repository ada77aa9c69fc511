-- Version 7: the rollout gate (issue 8). A project's gate policy with the candidate and incumbent it compares, and
-- the observations imported for it (private suite rotations, regression suites, traffic replays), one row per model,
-- metric and file, the values as JSON.

CREATE TABLE GATE_POLICY (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    POLICY      CLOB                     NOT NULL,
    CANDIDATE   VARCHAR(400),
    INCUMBENT   VARCHAR(400),
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    UPDATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT GATE_POLICY_ONE_PER_PROJECT UNIQUE (PROJECT_ID)
);

CREATE TABLE GATE_OBSERVATION (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    LAYER       VARCHAR(20)              NOT NULL,
    METRIC      VARCHAR(400)             NOT NULL,
    MODEL       VARCHAR(400)             NOT NULL,
    SOURCE      VARCHAR(1000)            NOT NULL,
    ROTATION    DATE,
    DATA        CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX GATE_OBSERVATION_PROJECT ON GATE_OBSERVATION(PROJECT_ID);
