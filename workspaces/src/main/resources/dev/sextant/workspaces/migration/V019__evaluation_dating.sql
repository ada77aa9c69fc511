-- Version 19: what dates evaluation evidence (issue 36). When a file's results were produced (the harness's date, or
-- the user's at import), benchmark items' dates and models' training cut-offs: the scorecard's stale-result and
-- contamination-by-date checks. Model scores may carry the tokens a model spent per item (the index's efficiency).

ALTER TABLE EVAL_SOURCE ADD COLUMN RUN_DATE DATE;

ALTER TABLE EVAL_MODEL_SCORE ADD COLUMN TOKENS DOUBLE PRECISION;

CREATE TABLE EVAL_ITEM_DATE (
    ID        UUID         PRIMARY KEY,
    SOURCE_ID UUID         NOT NULL REFERENCES EVAL_SOURCE(ID) ON DELETE CASCADE,
    BENCHMARK VARCHAR(400),
    ITEM_ID   VARCHAR(400) NOT NULL,
    ITEM_DATE DATE         NOT NULL
);
CREATE INDEX EVAL_ITEM_DATE_SOURCE ON EVAL_ITEM_DATE(SOURCE_ID);

CREATE TABLE EVAL_CUTOFF (
    ID        UUID         PRIMARY KEY,
    SOURCE_ID UUID         NOT NULL REFERENCES EVAL_SOURCE(ID) ON DELETE CASCADE,
    MODEL     VARCHAR(400) NOT NULL,
    CUTOFF    DATE         NOT NULL
);
CREATE INDEX EVAL_CUTOFF_SOURCE ON EVAL_CUTOFF(SOURCE_ID);
