-- Version 3: contamination scans (issue 4). A scan keeps its spec, the benchmark items it looked for, a fingerprint of
-- the corpus (paths, sizes, modification times), each completed corpus file's findings (for resume), and when
-- complete the per-item results and corpus locations.

CREATE TABLE SCAN (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    STATE       VARCHAR(20)              NOT NULL,
    SPEC        CLOB                     NOT NULL,
    FINGERPRINT CLOB                     NOT NULL,
    SUMMARY     CLOB,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    UPDATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX SCAN_PROJECT ON SCAN(PROJECT_ID);

CREATE TABLE SCAN_ITEM (
    ID             UUID             PRIMARY KEY,
    SCAN_ID        UUID             NOT NULL REFERENCES SCAN(ID) ON DELETE CASCADE,
    ORDINAL        INT              NOT NULL,
    BENCHMARK      VARCHAR(400)     NOT NULL,
    ITEM_ID        VARCHAR(400)     NOT NULL,
    ITEM_TEXT      CLOB             NOT NULL,
    TOKENS         INT,
    NGRAMS         INT,
    MATCHED_NGRAMS INT,
    TOKEN_FRACTION DOUBLE PRECISION,
    LONGEST_MATCH  INT,
    STATUS         VARCHAR(20)
);
CREATE INDEX SCAN_ITEM_SCAN ON SCAN_ITEM(SCAN_ID);

CREATE TABLE SCAN_FILE (
    ID         UUID         PRIMARY KEY,
    SCAN_ID    UUID         NOT NULL REFERENCES SCAN(ID) ON DELETE CASCADE,
    PATH       VARCHAR(4000) NOT NULL,
    MATCHES    BLOB         NOT NULL,
    LOCATIONS  CLOB         NOT NULL,
    COUNTERS   CLOB         NOT NULL
);
CREATE INDEX SCAN_FILE_SCAN ON SCAN_FILE(SCAN_ID);

CREATE TABLE SCAN_MATCH (
    ID           UUID          PRIMARY KEY,
    SCAN_ITEM_ID UUID          NOT NULL REFERENCES SCAN_ITEM(ID) ON DELETE CASCADE,
    FILE         VARCHAR(4000) NOT NULL,
    BYTE_OFFSET  BIGINT        NOT NULL,
    DOCUMENT_ID  VARCHAR(400),
    SNIPPET      VARCHAR(4000) NOT NULL
);
CREATE INDEX SCAN_MATCH_ITEM ON SCAN_MATCH(SCAN_ITEM_ID);
