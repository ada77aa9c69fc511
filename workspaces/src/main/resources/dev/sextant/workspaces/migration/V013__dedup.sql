-- Version 13: deduplication runs (issue 19). A run keeps its settings and what it found (counts, by source, the largest
-- clusters) as JSON; the per-document lists stay in the output folder it wrote, if any.

CREATE TABLE DEDUP_RUN (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    SUMMARY     CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX DEDUP_RUN_PROJECT ON DEDUP_RUN(PROJECT_ID);
