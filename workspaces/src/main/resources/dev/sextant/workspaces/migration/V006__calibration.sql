-- Version 6: calibration profiles (issue 7). A profile keeps the device, driver, clocks, date, measured rates, GEMM
-- points and fitted curves as JSON; plans name the profile they ran on.

CREATE TABLE CALIBRATION_PROFILE (
    ID          UUID                     PRIMARY KEY,
    PROJECT_ID  UUID                     NOT NULL REFERENCES PROJECT(ID) ON DELETE CASCADE,
    NAME        VARCHAR(400)             NOT NULL,
    DEVICE      VARCHAR(400)             NOT NULL,
    PROFILE     CLOB                     NOT NULL,
    DEMO        BOOLEAN                  NOT NULL DEFAULT FALSE,
    CREATED_AT  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX CALIBRATION_PROFILE_PROJECT ON CALIBRATION_PROFILE(PROJECT_ID);
