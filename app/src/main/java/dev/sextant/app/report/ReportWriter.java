package dev.sextant.app.report;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import dev.sextant.model.io.AtomicFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import org.jfree.chart.ChartUtils;

/**
 * Renders a {@link Report} as one self-contained XHTML file (styles inline, charts as PNG data at twice their size) and
 * as PDF from the same XHTML (openhtmltopdf over PDFBox, A4 landscape, one section per page). Files are written to a
 * temporary file beside the target and moved into place, so a failure leaves nothing half-written.
 */
public final class ReportWriter {

    private static final String CSS = """
            @page { size: A4 landscape; margin: 14mm 16mm; }
            body { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; color: #1f2328; font-size: 10.5pt; margin: 0 auto; max-width: 1100px; }
            h1 { font-size: 20pt; margin: 0 0 2pt 0; }
            .subtitle { color: #59636e; margin-bottom: 10pt; }
            h2 { font-size: 14pt; border-bottom: 1px solid #d0d7de; padding-bottom: 3pt; margin-top: 16pt; }
            section.page { page-break-before: always; }
            section.first { page-break-before: avoid; }
            .headline { font-size: 18pt; font-weight: bold; padding: 8pt 12pt; border-radius: 6px; display: inline-block; }
            .full { background: #dafbe1; color: #116329; }
            .canary { background: #fff8c5; color: #7d4e00; }
            .reject { background: #ffebe9; color: #a40e26; }
            table { border-collapse: collapse; width: 100%; font-size: 9pt; }
            th { text-align: left; background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 4pt 5pt; }
            td { border-bottom: 1px solid #eaeef2; padding: 3pt 5pt; vertical-align: top; }
            li { margin-bottom: 3pt; }
            img { display: block; margin: 4pt 0; page-break-inside: avoid; }
            tr { page-break-inside: avoid; }
            """;

    private ReportWriter() {
    }

    /** Writes HTML or PDF by the file's extension. */
    public static void write(Report report, Path out) {
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean pdf = name.endsWith(".pdf");
        if (!pdf && !name.endsWith(".html") && !name.endsWith(".htm")) {
            throw new IllegalArgumentException("--out must end in .html or .pdf, got " + out.getFileName());
        }
        String html = html(report);
        try {
            AtomicFile.write(out, os -> {
                if (pdf) {
                    pdf(html, os);
                } else {
                    os.write(html.getBytes(StandardCharsets.UTF_8));
                }
                return null;
            });
            try {
                Files.setPosixFilePermissions(out, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its defaults apply
            }
        } catch (IOException e) {
            throw new dev.sextant.model.io.BadInputException(out.toString(), 0, null, "cannot write: " + e.getMessage());
        }
    }

    public static String html(Report report) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
                + "lang=\"en\"><head><meta charset=\"UTF-8\"/><title>").append(esc(report.title())).append("</title><style>").append(CSS)
                .append("</style></head><body>\n<h1>").append(esc(report.title())).append("</h1><div class=\"subtitle\">").append(esc(report.subtitle()))
                .append("</div>\n");
        for (int i = 0; i < report.sections().size(); i++) {
            Report.Section s = report.sections().get(i);
            sb.append("<section class=\"").append(i == 0 ? "first" : "page").append("\"><h2>").append(esc(s.title())).append("</h2>\n");
            for (Report.Block b : s.blocks()) {
                block(sb, b);
            }
            sb.append("</section>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    private static void block(StringBuilder sb, Report.Block b) {
        if (b instanceof Report.Paragraph p) {
            if (p.emphasis()) {
                String kind = p.text().contains("FULL") ? "full" : p.text().contains("REJECT") ? "reject" : "canary";
                sb.append("<p><span class=\"headline ").append(kind).append("\">").append(esc(p.text())).append("</span></p>\n");
            } else {
                sb.append("<p>").append(esc(p.text())).append("</p>\n");
            }
        } else if (b instanceof Report.Bullets l) {
            sb.append("<ul>");
            l.items().forEach(i -> sb.append("<li>").append(esc(i)).append("</li>"));
            sb.append("</ul>\n");
        } else if (b instanceof Report.Table t) {
            sb.append("<table><thead><tr>");
            t.header().forEach(h -> sb.append("<th>").append(esc(h)).append("</th>"));
            sb.append("</tr></thead><tbody>");
            for (var row : t.rows()) {
                sb.append("<tr>");
                row.forEach(c -> sb.append("<td>").append(esc(c)).append("</td>"));
                sb.append("</tr>");
            }
            sb.append("</tbody></table>\n");
        } else if (b instanceof Report.Chart c) {
            sb.append("<img alt=\"").append(esc(c.chart().getTitle() == null ? "chart" : c.chart().getTitle().getText())).append("\" width=\"")
                    .append(c.width()).append("\" height=\"").append(c.height()).append("\" src=\"data:image/png;base64,").append(png(c))
                    .append("\"/>\n");
        }
    }

    static String png(Report.Chart c) {
        try {
            var image = c.chart().createBufferedImage(c.width() * 2, c.height() * 2, c.width(), c.height(), null);
            return Base64.getEncoder().encodeToString(ChartUtils.encodeAsPNG(image));
        } catch (IOException e) {
            throw new IllegalStateException("cannot draw a chart", e);
        }
    }

    static void pdf(String html, OutputStream out) throws IOException {
        com.openhtmltopdf.util.XRLog.setLoggingEnabled(false); // its INFO lines would land on the user's stderr
        PdfRendererBuilder b = new PdfRendererBuilder();
        b.useFastMode();
        b.withHtmlContent(html, null);
        b.toStream(out);
        b.run();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
