package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.language.LanguageScores;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The language decisions against fastText's own (a validation run, not part of the default build: it needs a fastText
 * model and a reference file). The reference holds one JSON line a snippet: {@code text}, {@code kind} (how it was cut)
 * and {@code ft}, the scores fastText's Python binding gives with datatrove's call (at least English's and the top
 * language's), with {@code ftTop}. It reports, by kind, how often datatrove's English decision (score above 0.65) and
 * the top language agree for the fastText port given {@code -Dsextant.lid.model=lid.176.ftz} and for OpenNLP (top
 * language is English, its threshold off), and asserts the port agrees everywhere.
 *
 * <pre>mvn -q test -pl model -Dtest=LanguageAgreementCheck -Dsextant.lid.model=M -Dsextant.lid.reference=R</pre>
 */
@EnabledIfSystemProperty(named = "sextant.lid.reference", matches = ".+")
class LanguageAgreementCheck {

    @Test
    void languageDecisionsAgreeWithFastText() throws Exception {
        Path reference = Path.of(System.getProperty("sextant.lid.reference"));
        LanguageIdentifier port = FastTextModelFile.read(Path.of(System.getProperty("sextant.lid.model")));
        LanguageIdentifier opennlp = OpenNlpLanguages.instance();
        ObjectMapper json = new ObjectMapper();
        Map<String, long[]> byKind = new TreeMap<>(); // n, port keep, port top, opennlp keep
        try (BufferedReader r = Files.newBufferedReader(reference, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                JsonNode j = json.readTree(line);
                String text = j.get("text").asText().replace('\n', ' ');
                boolean keep = j.path("ft").path("en").asDouble(0) > 0.65;
                LanguageScores p = port.scores(text);
                LanguageScores o = opennlp.scores(text);
                for (String kind : new String[] {j.path("kind").asText("all"), "ALL"}) {
                    long[] c = byKind.computeIfAbsent(kind, k -> new long[4]);
                    c[0]++;
                    c[1] += (p.score("en") > 0.65) == keep ? 1 : 0;
                    c[2] += p.top().equals(j.get("ftTop").asText()) ? 1 : 0;
                    c[3] += "en".equals(o.top()) == keep ? 1 : 0;
                }
            }
        }
        System.out.printf(
                Locale.ROOT, "%-8s %8s %14s %14s %14s%n", "kind", "snippets", "port keep", "port top", "OpenNLP keep");
        byKind.forEach((k, c) -> System.out.printf(
                Locale.ROOT,
                "%-8s %8d %13.2f%% %13.2f%% %13.2f%%%n",
                k,
                c[0],
                100.0 * c[1] / c[0],
                100.0 * c[2] / c[0],
                100.0 * c[3] / c[0]));
        long[] all = byKind.get("ALL");
        assertThat(all[1]).as("the port's English decisions").isEqualTo(all[0]);
        assertThat(all[2]).as("the port's top languages").isEqualTo(all[0]);
    }
}
