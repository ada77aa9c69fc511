package dev.sextant.app.report;

import com.openhtmltopdf.extend.FSSupplier;
import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.util.XRLog;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.AtomicFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Locale;
import java.util.Objects;
import org.apache.fontbox.FontBoxFont;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.font.CIDFontMapping;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.font.FontMapping;
import org.apache.pdfbox.pdmodel.font.PDCIDSystemInfo;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.jfree.chart.ChartUtils;

/**
 * Renders a {@link Report} as one self-contained XHTML file (styles inline, charts as PNG data at twice their size) and
 * as PDF from the same XHTML (openhtmltopdf over PDFBox, A4 landscape, one section per page, DejaVu Sans embedded
 * as a subset so that α, ≤, ≥, τ and → print). Files are written to a
 * temporary file beside the target and moved into place, so a failure leaves nothing half-written.
 */
public final class ReportWriter {

    /** The family embedded in PDFs; the HTML falls back to the reader's sans-serif where it is not installed. */
    static final String FONT_FAMILY = "DejaVu Sans";

    private static final String FONTS = "/dev/sextant/app/fonts/";

    private static final String CSS =
            """
            @page { size: A4 landscape; margin: 14mm 16mm; }
            body { font-family: FONTS; color: #1f2328; font-size: 10.5pt; margin: 0 auto; max-width: 1100px; }
            h1 { font-size: 20pt; margin: 0 0 2pt 0; }
            .subtitle { color: #59636e; margin-bottom: 10pt; }
            h2 { font-size: 14pt; border-bottom: 1px solid #d0d7de; padding-bottom: 3pt; margin-top: 16pt; }
            h2 { page-break-after: avoid; }
            thead { display: table-header-group; }
            ul { page-break-before: avoid; }
            .headline { font-size: 18pt; font-weight: bold; padding: 8pt 12pt; border-radius: 6px; display: inline-block; }
            .verdict { border: 2px solid; border-radius: 8px; padding: 10pt 14pt; margin: 8pt 0 12pt 0; page-break-inside: avoid; }
            .verdict .decision { font-size: 26pt; font-weight: bold; margin-bottom: 6pt; }
            .verdict .summary { font-size: 11pt; margin-top: 8pt; color: #1f2328; }
            table.counts { width: auto; font-size: 11pt; }
            table.counts td { border: none; padding: 2pt 24pt 2pt 0; vertical-align: baseline; }
            .counts .n { font-size: 22pt; font-weight: bold; padding-right: 4pt; }
            .full { background: #dafbe1; color: #116329; border-color: #1a7f37; }
            .canary { background: #fff8c5; color: #7d4e00; border-color: #bf8700; }
            .reject { background: #ffebe9; color: #a40e26; border-color: #cf222e; }
            table { border-collapse: collapse; width: 100%; font-size: 9pt; }
            th { text-align: left; background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 4pt 5pt; }
            td { border-bottom: 1px solid #eaeef2; padding: 3pt 5pt; vertical-align: top; }
            li { margin-bottom: 3pt; }
            p.message { font-size: 12.5pt; font-weight: bold; margin: 4pt 0 8pt 0; page-break-after: avoid; }
            p.note { font-size: 9pt; color: #59636e; }
            img { display: block; margin: 4pt 0; page-break-inside: avoid; }
            tr { page-break-inside: avoid; }
            """;

    private ReportWriter() {}

    /** Writes HTML or PDF by the file's extension. */
    public static void write(Report report, Path out) {
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean pdf = name.endsWith(".pdf");
        if (!pdf && !name.endsWith(".html") && !name.endsWith(".htm")) {
            throw new BadInputException(
                    out.getFileName().toString(),
                    0,
                    null,
                    "a report is written as HTML or PDF: name the file .html or .pdf");
        }
        String html = pdf ? html(report, "'" + FONT_FAMILY + "'") : html(report);
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
                Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its defaults apply
            }
        } catch (IOException e) {
            throw new BadInputException(out.toString(), 0, null, "cannot write: " + e.getMessage());
        }
    }

    /** The report as self-contained XHTML for a browser. */
    public static String html(Report report) {
        return html(report, "'" + FONT_FAMILY + "', 'Helvetica Neue', Arial, sans-serif");
    }

    /** {@code fonts} is the CSS font-family list: for PDF only the embedded family, so no glyph falls to the standard 14. */
    static String html(Report report, String fonts) {
        StringBuilder sb = new StringBuilder(
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
                                + "lang=\"en\"><head><meta charset=\"UTF-8\"/><title>")
                .append(esc(report.title()))
                .append("</title><style>")
                .append(CSS.replace("font-family: FONTS;", "font-family: " + fonts + ";"))
                .append("</style></head><body>\n<h1>")
                .append(esc(report.title()))
                .append("</h1><div class=\"subtitle\">")
                .append(esc(report.subtitle()))
                .append("</div>\n");
        for (int i = 0; i < report.sections().size(); i++) {
            Report.Section s = report.sections().get(i);
            sb.append("<section class=\"")
                    .append(i == 0 ? "first" : "page")
                    .append("\"><h2>")
                    .append(esc(s.title()))
                    .append("</h2>\n");
            if (!s.message().isEmpty()) {
                sb.append("<p class=\"message\">").append(esc(s.message())).append("</p>\n");
            }
            for (Report.Block b : s.blocks()) {
                block(sb, b);
            }
            sb.append("</section>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    private static void block(StringBuilder sb, Report.Block b) {
        if (b instanceof Report.Verdict v) {
            sb.append("<div class=\"verdict ")
                    .append(kind(v.decision()))
                    .append("\"><div class=\"decision\">Decision: ")
                    .append(esc(v.headline().toUpperCase(Locale.ROOT)))
                    .append("</div><table class=\"counts\"><tr>");
            count(sb, v.blocking(), v.blocking() == 1 ? "blocking check" : "blocking checks");
            count(sb, v.gains(), v.gains() == 1 ? "gain" : "gains");
            count(sb, v.inconclusive(), "inconclusive");
            sb.append("</tr></table>");
            if (!v.summary().isEmpty()) {
                sb.append("<div class=\"summary\">").append(esc(v.summary())).append("</div>");
            }
            sb.append("</div>\n");
        } else if (b instanceof Report.Paragraph p) {
            if (p.emphasis()) {
                String kind = p.text().contains("FULL") ? "full" : p.text().contains("REJECT") ? "reject" : "canary";
                sb.append("<p><span class=\"headline ")
                        .append(kind)
                        .append("\">")
                        .append(esc(p.text()))
                        .append("</span></p>\n");
            } else {
                sb.append("<p>").append(esc(p.text())).append("</p>\n");
            }
        } else if (b instanceof Report.Note n) {
            sb.append("<p class=\"note\">").append(esc(n.text())).append("</p>\n");
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
            sb.append("<img alt=\"")
                    .append(esc(
                            c.chart().getTitle() == null
                                    ? "chart"
                                    : c.chart().getTitle().getText()))
                    .append("\" width=\"")
                    .append(c.width())
                    .append("\" height=\"")
                    .append(c.height())
                    .append("\" src=\"data:image/png;base64,")
                    .append(png(c))
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
        XRLog.setLoggingEnabled(false); // its INFO lines would land on the user's stderr
        BundledFontMapper.install();
        PdfRendererBuilder b = new PdfRendererBuilder();
        b.useFastMode();
        // embedded as subsets: the standard 14 fonts have no α, ≤, ≥, τ or →
        b.useFont(
                (FSSupplier<InputStream>) () -> font("DejaVuSans.ttf"),
                FONT_FAMILY,
                400,
                BaseRendererBuilder.FontStyle.NORMAL,
                true);
        b.useFont(
                (FSSupplier<InputStream>) () -> font("DejaVuSans-Bold.ttf"),
                FONT_FAMILY,
                700,
                BaseRendererBuilder.FontStyle.NORMAL,
                true);
        // tagged for screen readers; as PDF/UA needs, no font is left to the standard
        // 14 (whose lookup also warns on stderr)
        b.usePdfUaAccessibility(true);
        b.withHtmlContent(html, null);
        b.toStream(out);
        b.run();
    }

    /**
     * Answers PDFBox's every request for a system font with the bundled DejaVu Sans. openhtmltopdf builds Helvetica
     * and ZapfDingbats for form defaults even in a document without forms (they are never written); PDFBox would then
     * scan the system's fonts, slowly, and warn on stderr when it finds no Helvetica. Every font our PDFs show is
     * embedded, so no lookup here decides how a page looks.
     */
    static final class BundledFontMapper implements FontMapper {
        private static boolean installed;
        private TrueTypeFont font;

        static synchronized void install() {
            if (!installed) {
                FontMappers.set(new BundledFontMapper());
                installed = true;
            }
        }

        private synchronized TrueTypeFont font() {
            if (font == null) {
                try (InputStream in = ReportWriter.font("DejaVuSans.ttf")) {
                    font = new TTFParser().parse(new RandomAccessReadBuffer(in));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the bundled font", e);
                }
            }
            return font;
        }

        @Override
        public FontMapping<TrueTypeFont> getTrueTypeFont(String baseFont, PDFontDescriptor descriptor) {
            return new FontMapping<>(font(), false);
        }

        @Override
        public FontMapping<FontBoxFont> getFontBoxFont(String baseFont, PDFontDescriptor descriptor) {
            return new FontMapping<>(font(), false);
        }

        @Override
        public CIDFontMapping getCIDFont(String baseFont, PDFontDescriptor descriptor, PDCIDSystemInfo cidSystemInfo) {
            return new CIDFontMapping(null, font(), false);
        }
    }

    private static InputStream font(String file) {
        return Objects.requireNonNull(
                ReportWriter.class.getResourceAsStream(FONTS + file), () -> "missing font " + file);
    }

    /** The CSS class of a decision's colour. */
    static String kind(String decision) {
        return switch (decision) {
            case "full" -> "full";
            case "reject" -> "reject";
            default -> "canary";
        };
    }

    private static void count(StringBuilder sb, int n, String what) {
        sb.append("<td><span class=\"n\">")
                .append(n)
                .append("</span>")
                .append(esc(what))
                .append("</td>");
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
