package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One run of the command line in a test: its exit status, stdout and stderr, against a given Sextant home. */
public record CliRun(int code, String out, String err) {

    public static CliRun of(WorkspaceHome home, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                home);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Stdout as the one JSON document {@code --json} promises. */
    public JsonNode json() throws Exception {
        var parser = Json.mapper().getFactory().createParser(out);
        JsonNode doc = Json.mapper().readTree(parser);
        assertThat(parser.nextToken()).as("exactly one JSON document on stdout").isNull();
        return doc;
    }
}
