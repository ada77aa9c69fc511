package dev.sextant.app.cli;

import picocli.CommandLine.Option;

/** {@code --json}: print exactly one JSON document on stdout instead of a table. */
public final class JsonOption {

    @Option(names = "--json", description = "Print the result as one JSON document on stdout.")
    boolean json;

    public boolean json() {
        return json;
    }
}
