-- Version 11: the canary judge's settings of a project (issue 15): confidence, tolerance, score thresholds and, per
-- monitoring metric, the change that fails it and whether it is critical. Kept when the user replays the judge in the
-- Rollout area, shown again when the project is reopened, so that the same monitoring data gets the same verdict.

CREATE TABLE GATE_JUDGE (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    SETTINGS    CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    UPDATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT GATE_JUDGE_ONE_PER_PROJECT UNIQUE (PROJECT_ID)
);
