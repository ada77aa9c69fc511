-- Version 8: half-finished scans (issue 13). A scan that stops on a corpus file it cannot read ends FAILED with that
-- file and the reason; a resume may skip files, which are kept here (JSON list of path and reason) until the scan
-- completes, when they also go into the summary. Scans running when a process died stay RUNNING in the table and
-- read as interrupted (see ScanRuns).

ALTER TABLE SCAN ADD COLUMN FAILED_FILE VARCHAR(4000);
ALTER TABLE SCAN ADD COLUMN FAILURE VARCHAR(4000);
ALTER TABLE SCAN ADD COLUMN SKIPPED_FILES CLOB;
