-- Version 10: every matched span and every corpus place of a scanned item (issue 15). SPANS holds the item's matched
-- regions as JSON (token and character ranges in ITEM_TEXT); NULL for items of scans completed before this version,
-- which did not record them. MORE_LOCATIONS counts corpus places found beyond the SCAN_MATCH rows kept (NULL: not
-- counted). A completed corpus file of a running scan also keeps its per-item place counts (PLACES, JSON; NULL before).

ALTER TABLE SCAN_ITEM ADD COLUMN SPANS CLOB;
ALTER TABLE SCAN_ITEM ADD COLUMN MORE_LOCATIONS BIGINT;
ALTER TABLE SCAN_FILE ADD COLUMN PLACES CLOB;
