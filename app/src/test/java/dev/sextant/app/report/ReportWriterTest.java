package dev.sextant.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.workspaces.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PDFs carry their own font: the symbols the product prints come out as text, and every font is embedded. */
class ReportWriterTest {

    @TempDir
    Path tmp;

    @Test
    void symbolsSurviveInAnEmbeddedFont() throws Exception {
        Report report = new Report(
                "Symbols: α ≤ ≥ τ →",
                "a test",
                List.of(new Report.Fact("Candidate", "model-τ")),
                List.of(
                        new Report.Section(
                                "Decision",
                                List.of(
                                        new Report.Verdict(
                                                "reject", 2, 1, 3, "Reject: a regression blocks the candidate."),
                                        new Report.Paragraph(
                                                "At α = 0.05 the step holds while P99 TTFT ≤ 2 s and TPOT ≥ 0.01 s; τ → ∞.",
                                                false))),
                        new Report.Section(
                                "Table",
                                List.of(new Report.Table(
                                        List.of("Check", "Bound"),
                                        List.of(List.of("latency", "≤ 2 s"), List.of("throughput", "≥ 10 req/s")))))));
        Path pdf = tmp.resolve("symbols.pdf");
        ReportWriter.write(report, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertThat(text)
                    .contains("α", "≤", "≥", "τ", "→", "Decision: REJECT", "blocking checks", "≤ 2 s")
                    .doesNotContain("#");
            assertEveryFontEmbedded(doc);
        }
        assertThat(ReportWriter.html(report))
                .contains("class=\"verdict reject\"")
                .contains("<span class=\"n\">2</span>blocking checks");
    }

    @Test
    void theDemoRolloutReportEmbedsItsFonts() throws Exception {
        Report report;
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("ws"))) {
            report = RolloutReport.build(ws, ws.projects().list().get(0), null, null);
        }
        Path pdf = tmp.resolve("rollout.pdf");
        ReportWriter.write(report, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertThat(text).contains("α = 0.05", "≤", "Decision: CANARY", "inconclusive");
            assertThat(assertEveryFontEmbedded(doc)).isNotEmpty();
        }
        assertThat(Files.size(pdf)).as("subsets, not whole fonts").isLessThan(3_000_000);
    }

    /** Every font of every page, including those of form XObjects, is embedded; returns their names. */
    static List<String> assertEveryFontEmbedded(PDDocument doc) throws Exception {
        List<String> names = new ArrayList<>();
        for (PDPage page : doc.getPages()) {
            collect(page.getResources(), names);
        }
        assertThat(names).isNotEmpty().allSatisfy(n -> assertThat(n).contains("DejaVuSans"));
        return names;
    }

    private static void collect(PDResources resources, List<String> names) throws Exception {
        if (resources == null) {
            return;
        }
        for (COSName name : resources.getFontNames()) {
            PDFont font = resources.getFont(name);
            assertThat(font.isEmbedded()).as("font %s embedded", font.getName()).isTrue();
            names.add(font.getName());
        }
        for (COSName name : resources.getXObjectNames()) {
            PDXObject x = resources.getXObject(name);
            if (x instanceof PDFormXObject form) {
                collect(form.getResources(), names);
            }
        }
    }
}
