package dev.sextant.app.report;

import java.util.List;
import org.jfree.chart.JFreeChart;

/**
 * A report as sections of blocks, rendered to self-contained HTML, to PDF (from the same HTML) and, in the workbench,
 * to presentation pages.
 */
public record Report(String title, String subtitle, List<Section> sections) {

    /** One page of a presentation; a heading in the documents. */
    public record Section(String title, List<Block> blocks) {
    }

    /** What a section holds. */
    public sealed interface Block {
    }

    /** A paragraph; {@code emphasis} draws it as a headline (the decision). */
    public record Paragraph(String text, boolean emphasis) implements Block {
    }

    public record Bullets(List<String> items) implements Block {
    }

    public record Table(List<String> header, List<List<String>> rows) implements Block {
    }

    /** A chart at its display size in CSS pixels. */
    public record Chart(JFreeChart chart, int width, int height) implements Block {
    }
}
