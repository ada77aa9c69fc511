-- Version 17: production monitoring (issue 35). An import of request logs kept in a project: what it was read from,
-- each file's reading summary (records skipped and why, the column mapping) as JSON, and one row a request.

CREATE TABLE MONITOR_IMPORT (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    SOURCES     CLOB                     NOT NULL,
    SUMMARY     CLOB                     NOT NULL,
    REQUESTS    BIGINT                   NOT NULL,
    FIRST_AT    BIGINT                   NOT NULL,
    LAST_AT     BIGINT                   NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX MONITOR_IMPORT_PROJECT ON MONITOR_IMPORT(PROJECT_ID);

CREATE TABLE MONITOR_REQUEST (
    IMPORT_ID      UUID              NOT NULL REFERENCES MONITOR_IMPORT(ID) ON DELETE CASCADE,
    POSITION       BIGINT            NOT NULL,
    REQUEST_ID     VARCHAR(400)      NOT NULL,
    AT_MS          BIGINT            NOT NULL,
    SEGMENTS       CLOB              NOT NULL,
    INPUT_TOKENS   DOUBLE PRECISION,
    OUTPUT_TOKENS  DOUBLE PRECISION,
    TTFT_MS        DOUBLE PRECISION,
    LATENCY_MS     DOUBLE PRECISION,
    FAILED         BOOLEAN           NOT NULL,
    STATUS         VARCHAR(200),
    FINISH_REASON  VARCHAR(200),
    REFUSAL        BOOLEAN           NOT NULL,
    PROXIES        CLOB              NOT NULL,
    PRIMARY KEY (IMPORT_ID, POSITION)
);
