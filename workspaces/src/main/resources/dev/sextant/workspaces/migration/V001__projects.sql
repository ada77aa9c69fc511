-- Version 1: workspace properties and projects.
-- Conventions for every table (checked by SchemaConventionsTest):
--   * a primary key; UUID ids, never identity columns, so that a project can be copied into another workspace;
--   * project data hangs off PROJECT through foreign keys with ON DELETE CASCADE, so that deleting, exporting and
--     importing a project follows the keys and needs no list of tables.

CREATE TABLE WORKSPACE_PROPERTY (
    NAME  VARCHAR(100)  PRIMARY KEY,
    TEXT_VALUE VARCHAR(4000) NOT NULL
);

CREATE TABLE PROJECT (
    ID          UUID                     PRIMARY KEY,
    NAME        VARCHAR(120)             NOT NULL,
    DESCRIPTION VARCHAR(4000)            NOT NULL DEFAULT '',
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    UPDATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT PROJECT_NAME_UNIQUE UNIQUE (NAME)
);
