package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.data.quality.SpacyEnglishWords;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * spaCy's English tokenizer rules shipped with Sextant ({@code spacy-en.json} beside {@link SpacyEnglishWords}): the
 * prefix and suffix patterns one by one with the characters each can start or end with, the infix and URL patterns as
 * spaCy compiles them, the special cases by their text, those its special
 * matcher also looks for across tokens, and the sentencizer's sentence-final characters.
 */
public final class SpacyRulesFile {

    private SpacyRulesFile() {}

    public static SpacyEnglishWords.Rules read() {
        try (InputStream in = SpacyEnglishWords.class.getResourceAsStream("spacy-en.json")) {
            if (in == null) {
                throw new IllegalStateException("spacy-en.json is missing from the build");
            }
            JsonNode root = Json.mapper().readTree(in);
            Map<String, List<String>> specials = new HashMap<>();
            root.get("specials").fields().forEachRemaining(e -> {
                List<String> orths = new ArrayList<>();
                e.getValue().forEach(v -> orths.add(v.asText()));
                specials.put(e.getKey(), List.copyOf(orths));
            });
            List<String> matched = new ArrayList<>();
            root.get("matched").forEach(v -> matched.add(v.asText()));
            Set<String> punct = new HashSet<>();
            root.get("punctChars").forEach(v -> punct.add(v.asText()));
            return new SpacyEnglishWords.Rules(
                    affixes(root.get("prefixes")),
                    affixes(root.get("suffixes")),
                    root.get("infix").asText(),
                    new SpacyEnglishWords.Affix("", edge(root.get("infixStarts"))),
                    root.get("url").asText(),
                    Map.copyOf(specials),
                    List.copyOf(matched),
                    Set.copyOf(punct));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** [[pattern, [[lo, hi], …]], …] */
    private static List<SpacyEnglishWords.Affix> affixes(JsonNode list) {
        List<SpacyEnglishWords.Affix> out = new ArrayList<>();
        for (JsonNode a : list) {
            out.add(new SpacyEnglishWords.Affix(a.get(0).asText(), edge(a.get(1))));
        }
        return List.copyOf(out);
    }

    /** [[lo, hi], …] as lo0, hi0, lo1, hi1 … */
    private static int[] edge(JsonNode ranges) {
        int[] edge = new int[ranges.size() * 2];
        for (int i = 0; i < ranges.size(); i++) {
            edge[2 * i] = ranges.get(i).get(0).asInt();
            edge[2 * i + 1] = ranges.get(i).get(1).asInt();
        }
        return edge;
    }
}
