-- Version 9: the project's canary plan inputs (issue 15). The canary plan the Rollout area shows, the rollout report
-- prints and `gate canary-plan --project` answers is computed from these inputs, kept here once the user plans it, so
-- that every face shows the same plan. Kept for the incumbent whose replay baselines they were taken from.

CREATE TABLE GATE_CANARY (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    INCUMBENT   VARCHAR(400),
    SPEC        CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    UPDATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT GATE_CANARY_ONE_PER_PROJECT UNIQUE (PROJECT_ID)
);
