-- Version 15: a composite index's weight table keeps each benchmark's random-guess baseline (issue 33: an index built
-- in the editor, normalised against its baselines). Rows kept before this version have none.

ALTER TABLE EVAL_WEIGHT ADD COLUMN BASELINE DOUBLE PRECISION;
