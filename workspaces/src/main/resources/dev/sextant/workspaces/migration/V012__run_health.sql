-- Version 12: run health (issue 18). A training log kept in a project: what it was read from, the settings it is
-- analysed with (checkpoints, GPUs, step time, sensitivity, the replayed policy) as JSON, and each metric's series as
-- two compressed binaries (steps as deltas, values as IEEE doubles). Its anomalies and rollbacks are worked out again
-- from these when opened. A failure study keeps its scenario and what the Monte Carlo found, as JSON.

CREATE TABLE TRAINING_LOG (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    FORMAT      VARCHAR(40)              NOT NULL,
    FILES       CLOB                     NOT NULL,
    RESTARTS    INT                      NOT NULL,
    SETTINGS    CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX TRAINING_LOG_PROJECT ON TRAINING_LOG(PROJECT_ID);

CREATE TABLE TRAINING_LOG_SERIES (
    LOG_ID      UUID          NOT NULL REFERENCES TRAINING_LOG(ID) ON DELETE CASCADE,
    POSITION    INT           NOT NULL,
    METRIC      VARCHAR(400)  NOT NULL,
    POINTS      INT           NOT NULL,
    STEPS       BLOB          NOT NULL,
    VALS        BLOB          NOT NULL,
    PRIMARY KEY (LOG_ID, POSITION)
);

CREATE TABLE FAILURE_STUDY (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    SCENARIO    CLOB                     NOT NULL,
    RUNS        INT                      NOT NULL,
    SEED        BIGINT                   NOT NULL,
    RESULT      CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX FAILURE_STUDY_PROJECT ON FAILURE_STUDY(PROJECT_ID);
