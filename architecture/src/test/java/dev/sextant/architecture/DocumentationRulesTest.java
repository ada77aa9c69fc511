package dev.sextant.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The documentation a newcomer reads: a short entry page, and every link in it and in docs/ leading somewhere. */
class DocumentationRulesTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void theReadmeIsAnEntryPage() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(lines.size())
                .as("README.md lines: the rest belongs in docs/")
                .isLessThan(300);
        assertThat(String.join("\n", lines))
                .contains("./sextant")
                .contains("mvn verify")
                .contains("](docs/cli.md)");
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        try (Stream<Path> s = Files.list(ROOT)) {
            s.filter(p -> Files.isRegularFile(p.resolve("README.md")))
                    .map(p -> p.resolve("README.md"))
                    .forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            String text = CodeFences.without(Files.readString(page));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*") || target.startsWith("#")) {
                    continue; // a web address or an anchor on the page
                }
                links++;
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                if (!Files.exists(page.getParent().resolve(file).normalize())) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertThat(links).isGreaterThan(20);
        assertThat(broken).isEmpty();
    }

    /** Markdown without its fenced code blocks, where brackets are code, not links. */
    static final class CodeFences {
        private CodeFences() {}

        static String without(String markdown) {
            StringBuilder out = new StringBuilder();
            boolean fenced = false;
            for (String line : markdown.split("\n", -1)) {
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (!fenced) {
                    out.append(line).append('\n');
                }
            }
            return out.toString();
        }
    }
}
