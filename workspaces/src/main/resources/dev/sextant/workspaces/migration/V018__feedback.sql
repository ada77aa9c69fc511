-- Version 18: the loop after launch (issue 35). Prompts kept with their requests (where the log has them), and feedback
-- rotations: the next private test set and traffic-replay set made of flagged and sampled requests, dated, each
-- item with its provenance, so that later rotations can leave out what earlier ones took.

ALTER TABLE MONITOR_REQUEST ADD COLUMN PROMPT CLOB;

CREATE TABLE MONITOR_ROTATION (
    ID             UUID                     PRIMARY KEY,
    PROJECT_ID     UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME           VARCHAR(400)             NOT NULL,
    ROTATION_DATE  DATE                     NOT NULL,
    ITEMS          INTEGER                  NOT NULL,
    SUMMARY        CLOB                     NOT NULL,
    ITEMS_JSON     CLOB                     NOT NULL,
    CREATED_AT     TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX MONITOR_ROTATION_PROJECT ON MONITOR_ROTATION(PROJECT_ID);
