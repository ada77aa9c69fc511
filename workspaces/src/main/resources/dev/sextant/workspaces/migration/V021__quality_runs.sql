-- Version 21: quality-filtering runs (issue 40). A run is kept when it starts (RUNNING) with its filter as plain values
-- (RECIPE: the families, every threshold, the languages and the language model), its corpus (files with size and
-- modification time), its output folder (null for a dry run) and where it ran; what it counted (RESULT: by rule, by
-- source, by language, the families' overlap and examples) is written when it completes. The documents themselves stay
-- in the output folder, which a stopped run finishes from its OUT.partial.

CREATE TABLE QUALITY_RUN (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    STATE       VARCHAR(20)              NOT NULL,
    RECIPE      CLOB                     NOT NULL,
    CORPUS      CLOB                     NOT NULL,
    OUT_DIR     VARCHAR(4000),
    ENGINE      VARCHAR(400)             NOT NULL,
    RESULT      CLOB,
    FAILED_FILE VARCHAR(4000),
    FAILURE     VARCHAR(4000),
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX QUALITY_RUN_PROJECT ON QUALITY_RUN(PROJECT_ID);
