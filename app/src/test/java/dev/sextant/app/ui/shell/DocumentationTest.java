package dev.sextant.app.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Help ▸ Documentation: the README and the pages it links to, in the jar, read as the blocks a person sees. */
class DocumentationTest {

    @Test
    void theBlocksOfAMarkdownPage() {
        List<Markdown.Block> blocks = Markdown.parse(
                """
                # Title
                Some **bold** text with `code` and a [link](https://example.org)
                continued here.

                - first item
                  wrapped on
                - second *item*
                1. numbered

                | A | B |
                |---|:-:|
                | 1 | x \\| y |

                ```
                mvn verify
                ```
                ## Next ##
                """);
        assertThat(blocks)
                .containsExactly(
                        new Markdown.Heading(1, "Title"),
                        new Markdown.Paragraph("Some bold text with code and a link continued here."),
                        new Markdown.ListItem("first item wrapped on"),
                        new Markdown.ListItem("second item"),
                        new Markdown.ListItem("numbered"),
                        new Markdown.Table(List.of(List.of("A", "B"), List.of("1", "x | y"))),
                        new Markdown.Code("mvn verify"),
                        new Markdown.Heading(2, "Next"));
    }

    @Test
    void theDocumentationShipsInTheApplicationAndItsOutlineHasEveryPage() throws Exception {
        String readme = DocumentationWindow.read();
        List<String> sections = Markdown.parse(readme).stream()
                .filter(b -> b instanceof Markdown.Heading h && h.level() == 2)
                .map(b -> ((Markdown.Heading) b).text())
                .toList();
        assertThat(sections)
                .contains("Set up and run", "Documentation", "Performance", "The workbench", "Failure semantics");
        // the pages the README links to follow it, each under its own title
        List<String> pages = Markdown.parse(readme).stream()
                .filter(b -> b instanceof Markdown.Heading h && h.level() == 1)
                .map(b -> ((Markdown.Heading) b).text())
                .toList();
        assertThat(pages)
                .startsWith("Sextant", "User guide", "Command-line reference")
                .contains("Serving plans: method and accuracy", "Limits");
    }
}
