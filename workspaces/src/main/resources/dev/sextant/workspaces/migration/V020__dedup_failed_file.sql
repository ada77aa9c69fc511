-- Version 20: kept runs share one lifecycle (issue 37). A deduplication run that failed on a corpus file names the file
-- in its own column, as a scan does, so that a resume reads that file again instead of matching it in the message.

ALTER TABLE DEDUP_RUN ADD COLUMN FAILED_FILE VARCHAR(4000);
