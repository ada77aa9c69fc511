-- Version 16: small-scale ablations (issue 34). A set of small runs kept in a project, as imported from tables of runs
-- or read from training logs (the loss at several token counts): one row a run, in the order read. SOURCES and NOTES
-- say what it was read from and what the reader did (tokens taken from FLOPs, a log's smoothing window).

CREATE TABLE ABLATION_SET (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    SOURCES     CLOB                     NOT NULL,
    NOTES       CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ABLATION_SET_PROJECT ON ABLATION_SET(PROJECT_ID);

CREATE TABLE ABLATION_RUN (
    SET_ID                UUID              NOT NULL REFERENCES ABLATION_SET(ID) ON DELETE CASCADE,
    POSITION              INT               NOT NULL,
    RUN                   VARCHAR(400)      NOT NULL,
    PARAMS                DOUBLE PRECISION  NOT NULL,
    TOKENS                DOUBLE PRECISION  NOT NULL,
    LOSS                  DOUBLE PRECISION  NOT NULL,
    FLOPS                 DOUBLE PRECISION,
    PARAMS_NON_EMBEDDING  DOUBLE PRECISION,
    BATCH_SIZE            DOUBLE PRECISION,
    LEARNING_RATE         DOUBLE PRECISION,
    SCHEDULE              VARCHAR(100),
    WARMUP                DOUBLE PRECISION,
    LINE                  BIGINT            NOT NULL,
    PRIMARY KEY (SET_ID, POSITION)
);
