package dev.sextant.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The model speaks of inputs in domain words and names them by {@link InputError} key; flags are the command line's
 * words, mapped in one place there. This reads the model's sources and fails on an error message that names a flag
 * ({@code "--tp must divide …"}), which would reach the workbench's user as a flag they cannot type.
 */
class NoFlagsInModelMessagesTest {

    /** An input or file error whose message text, up to the end of the statement, holds a {@code --flag}. */
    static final Pattern FLAG_IN_MESSAGE =
            Pattern.compile("new (InputError|IllegalArgumentException|BadInputException)\\([^;]*\"[^\"]*--[a-z]");

    /**
     * Packages another change is converting at the same time; each leaves this list when it has. Not a place for new
     * exceptions.
     */
    static final List<String> PENDING = List.of();

    @Test
    void noModelErrorMessageNamesACommandLineFlag() throws IOException {
        Path sources = Path.of("src/main/java");
        assertThat(sources).as("run from the model module").isDirectory();
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String relative = sources.relativize(f).toString().replace('\\', '/');
                if (PENDING.stream().anyMatch(relative::startsWith)) {
                    continue;
                }
                String text = Files.readString(f, StandardCharsets.UTF_8);
                Matcher m = FLAG_IN_MESSAGE.matcher(text);
                while (m.find()) {
                    int line = (int) text.substring(0, m.start())
                                    .chars()
                                    .filter(c -> c == '\n')
                                    .count()
                            + 1;
                    found.add(relative + ":" + line + ": "
                            + m.group().lines().reduce((a, b) -> b).orElse("").strip());
                }
            }
        }
        assertThat(found)
                .as(
                        "model error messages naming a flag; say the input in domain words and throw InputError with its key")
                .isEmpty();
    }

    @Test
    void thePatternFindsAFlagInAMessage() {
        assertThat(FLAG_IN_MESSAGE
                        .matcher("throw new IllegalArgumentException(\"--tp \" + tp + \" must divide\");")
                        .find())
                .isTrue();
        assertThat(FLAG_IN_MESSAGE
                        .matcher("throw new InputError(\"serving.tp\", \"TP (\" + tp + \") must divide\");")
                        .find())
                .isFalse();
    }
}
