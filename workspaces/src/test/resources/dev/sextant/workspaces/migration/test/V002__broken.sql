-- Fails half-way: the CREATE TABLE is committed by H2 before the INSERT fails, so only the backup can undo it.
CREATE TABLE HALF_DONE (ID UUID PRIMARY KEY);
INSERT INTO NO_SUCH_TABLE VALUES (1);
