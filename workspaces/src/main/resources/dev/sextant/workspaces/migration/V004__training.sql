-- Version 4: saved training plans (issue 5). A plan keeps the request it answers (model architecture, cluster, batch,
-- fixed choices), the chosen costed plan, and the fault-tolerance inputs, all as JSON.

CREATE TABLE TRAINING_PLAN (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    REQUEST     CLOB                     NOT NULL,
    PLAN        CLOB                     NOT NULL,
    FAULTS      CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX TRAINING_PLAN_PROJECT ON TRAINING_PLAN(PROJECT_ID);
