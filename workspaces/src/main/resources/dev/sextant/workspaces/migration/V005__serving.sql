-- Version 5: saved serving plans (issue 6). A plan keeps the request it answers (replica, workload, rate, the day's
-- traffic, levers) and the study worked out from it (memory, latency sweep, KV over time, capacity, levers), as JSON.

CREATE TABLE SERVING_PLAN (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    REQUEST     CLOB                     NOT NULL,
    STUDY       CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX SERVING_PLAN_PROJECT ON SERVING_PLAN(PROJECT_ID);
