package dev.sextant.app.report;

import java.util.List;
import org.jfree.chart.JFreeChart;

/**
 * A report as sections of blocks, rendered to self-contained HTML, to PDF (from the same HTML) and, in the workbench,
 * to presentation slides. {@code facts} are what a title page names (project, candidate, incumbent, date).
 */
public record Report(String title, String subtitle, List<Fact> facts, List<Section> sections) {

    public Report {
        facts = List.copyOf(facts);
        sections = List.copyOf(sections);
    }

    /** A report without title facts. */
    public Report(String title, String subtitle, List<Section> sections) {
        this(title, subtitle, List.of(), sections);
    }

    /** One line of the title page, e.g. "Candidate" and the model's name. */
    public record Fact(String label, String value) {}

    /**
     * A heading in the documents; one or more slides in a presentation. {@code message} is what the section says, in a
     * sentence ("Blocking: latency P99"): a slide's headline under the section's name, a lead line in the documents;
     * "" when the section's content is its message (the verdict).
     */
    public record Section(String title, String message, List<Block> blocks) {

        public Section {
            blocks = List.copyOf(blocks);
        }

        public Section(String title, List<Block> blocks) {
            this(title, "", blocks);
        }
    }

    /** How to read what is beside it (what a column means, what a plan assumes): a footnote, never a slide's body. */
    public record Note(String text) implements Block {}

    /** What a section holds. */
    public sealed interface Block {}

    /** A paragraph; {@code emphasis} draws it as a headline. */
    public record Paragraph(String text, boolean emphasis) implements Block {}

    public record Bullets(List<String> items) implements Block {}

    public record Table(List<String> header, List<List<String>> rows) implements Block {}

    /** A chart at its display size in CSS pixels. */
    public record Chart(JFreeChart chart, int width, int height) implements Block {}

    /**
     * A gate's verdict: the decision ({@code full}, {@code canary} or {@code reject}), how many checks block the
     * candidate (a regression that decides), how many show a gain, how many are inconclusive or without evidence, and
     * the one-line reason.
     */
    public record Verdict(String decision, int blocking, int gains, int inconclusive, String summary) implements Block {

        /** The decision as a person reads it: "Full rollout", "Canary", "Reject". */
        public String headline() {
            return switch (decision) {
                case "full" -> "Full rollout";
                case "reject" -> "Reject";
                default -> "Canary";
            };
        }
    }
}
