package dev.sextant.workspaces;

import java.sql.Connection;
import java.sql.SQLException;

/** Work done with a connection inside {@link Workspace#read} or {@link Workspace#transaction}. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
