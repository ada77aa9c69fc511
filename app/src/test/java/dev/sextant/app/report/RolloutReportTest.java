package dev.sextant.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.workspaces.Workspace;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rollout report of the demo project, as HTML and as PDF, its pages rendered and read back. */
class RolloutReportTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoReportAsHtmlAndPdf() throws Exception {
        Report report;
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("ws"))) {
            report = RolloutReport.build(ws, ws.projects().list().get(0), null, null);
        }
        assertThat(report.sections())
                .extracting(Report.Section::title)
                .containsExactly(
                        "Decision",
                        "Why",
                        "Evidence by check",
                        "Intervals against thresholds",
                        "Blind pairwise comparison",
                        "Canary plan",
                        "Rollback rules",
                        "Capacity and cost");
        // one message a section (a slide's headline): a sentence, not a paragraph; the verdict is its own
        assertThat(report.sections().subList(1, report.sections().size())).allSatisfy(s -> assertThat(s.message())
                .as(s.title())
                .isNotBlank()
                .hasSizeLessThan(140)
                .doesNotContain(". "));
        assertThat(report.sections().get(2).message()).matches("(Blocking: |Gains on |No check).*");
        assertThat(report.sections().get(5).message()).startsWith("Full traffic after ");
        // the evidence table is not preceded by a paragraph of how to read it: that is a footnote
        assertThat(report.sections().get(2).blocks().get(0)).isInstanceOf(Report.Table.class);
        assertThat(report.sections().get(2).blocks())
                .anySatisfy(b -> assertThat(b).isInstanceOf(Report.Note.class));
        Path html = tmp.resolve("out/rollout.html");
        ReportWriter.write(report, html);
        String text = Files.readString(html);
        assertThat(text)
                .startsWith("<?xml")
                .contains("Decision: CANARY")
                .contains("<table>")
                .contains("data:image/png;base64,")
                .doesNotContain("src=\"http")
                .doesNotContain("<script");
        // one chart a check with evidence, battles, ramp
        assertThat(text.split("data:image/png;base64,").length - 1).isEqualTo(8 + 1 + 1);

        Path pdf = tmp.resolve("out/rollout.pdf");
        ReportWriter.write(report, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertThat(doc.getNumberOfPages()).isBetween(6, 12);
            String all = new PDFTextStripper().getText(doc);
            assertThat(all)
                    .contains("Decision: CANARY")
                    .contains("Evidence by check")
                    .contains("Canary plan")
                    .contains("Rollback rules")
                    .contains("GPQA Diamond")
                    .contains("down-weighted");
            // the first page is drawn: some dark ink on white, in landscape
            BufferedImage page = new PDFRenderer(doc).renderImageWithDPI(0, 40);
            assertThat(page.getWidth()).isGreaterThan(page.getHeight());
            long dark = 0;
            for (int y = 0; y < page.getHeight(); y++) {
                for (int x = 0; x < page.getWidth(); x++) {
                    if ((page.getRGB(x, y) & 0xFF) < 128) {
                        dark++;
                    }
                }
            }
            assertThat(dark).isGreaterThan(500);
        }
        assertThatThrownBy(() -> ReportWriter.write(report, tmp.resolve("report.docx")))
                .hasMessageContaining(".html or .pdf");
        assertThat(tmp.resolve("out"))
                .isDirectoryContaining(p -> p.getFileName().toString().equals("rollout.pdf"));
        try (var files = Files.list(tmp.resolve("out"))) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith(".report-")))
                    .isEmpty();
        }
    }
}
