package dev.sextant.workspaces;

import java.nio.file.Path;

/** Another process holds the workspace's database open. The message names the workspace and, when known, the holder. */
public final class WorkspaceInUseException extends WorkspaceException {

    private static final long serialVersionUID = 1L;

    private final transient Path workspaceDir;

    WorkspaceInUseException(Path workspaceDir, String holder, Throwable cause) {
        super(
                "workspace " + workspaceDir + " is already open in another process"
                        + (holder == null ? "" : " (" + holder + ")")
                        + "; close it there or choose another workspace",
                cause);
        this.workspaceDir = workspaceDir;
    }

    public Path workspaceDir() {
        return workspaceDir;
    }
}
