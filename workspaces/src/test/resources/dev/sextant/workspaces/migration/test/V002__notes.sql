-- A well-formed second migration, for tests of the runner.
CREATE TABLE NOTE (
    ID         UUID PRIMARY KEY,
    PROJECT_ID UUID NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    BODY       VARCHAR(1000) NOT NULL
);
