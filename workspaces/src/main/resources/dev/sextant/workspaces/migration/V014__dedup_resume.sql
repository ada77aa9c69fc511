-- Version 14: resumable deduplication runs (issue 19). A run is kept when it starts (RUNNING) with its settings, its
-- corpus (files with size and modification time) and its output folder, so that a cancelled, failed or interrupted run
-- can go on; what it found (SUMMARY) is written when it completes. Runs kept before this version are complete.

ALTER TABLE DEDUP_RUN ADD COLUMN STATE VARCHAR(20) NOT NULL DEFAULT 'COMPLETE';
ALTER TABLE DEDUP_RUN ADD COLUMN SPEC CLOB;
ALTER TABLE DEDUP_RUN ADD COLUMN CORPUS CLOB;
ALTER TABLE DEDUP_RUN ADD COLUMN OUT_DIR VARCHAR(4000);
ALTER TABLE DEDUP_RUN ADD COLUMN FAILURE VARCHAR(4000);
ALTER TABLE DEDUP_RUN ALTER COLUMN SUMMARY SET NULL;
