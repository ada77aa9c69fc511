package dev.sextant.model.job;

/**
 * A capability cannot run on this machine (no GPU, no driver, a missing native library). The message says why and
 * what would enable it; the CLI turns it into exit status 3, the GUI into a plain explanation in the area.
 */
public final class CapabilityUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CapabilityUnavailableException(String reason) {
        super(reason);
    }
}
