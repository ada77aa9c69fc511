package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * FineWeb's own rules (Penedo et al. 2024, "The FineWeb Datasets", NeurIPS Datasets and Benchmarks, arXiv 2406.17557,
 * §3.6), as datatrove's {@code FineWebQualityFilter} measures them (a649de79), over the text's non-blank lines
 * ({@code \n} apart): the share of lines ending in a terminal punctuation mark of any script (no quotes), the share of
 * lines of at most 30 characters, the characters of repeated lines (second and later copies) over the text's characters
 * but line breaks, and line breaks per word ({@code list_ratio}, datatrove's addition). datatrove's duplicated-line
 * threshold is 0.01 where §3.6 states 0.1 (the {@code paper} preset).
 */
final class FineWebQuality implements QualityFamily {

    static final String NAME = "fineweb";

    private static final List<QualityParam> PARAMS = List.of(
            new QualityParam(
                    NAME, "line_punct_thr", Kind.RATIO, 0.12, 0.12, "fewest lines ending in punctuation, as a share"),
            new QualityParam(
                    NAME,
                    "line_punct_exclude_zero",
                    Kind.SWITCH,
                    0,
                    0,
                    "a page with no line ending in punctuation is not removed for it"),
            new QualityParam(NAME, "short_line_thr", Kind.RATIO, 0.67, 0.67, "most short lines, as a share"),
            new QualityParam(
                    NAME, "short_line_length", Kind.COUNT, 30, 30, "a line of at most this many characters is short"),
            new QualityParam(NAME, "char_duplicates_ratio", Kind.RATIO, 0.01, 0.1, "most characters in repeated lines"),
            new QualityParam(NAME, "new_line_ratio", Kind.LENGTH, 0.3, 0.3, "most line breaks per word"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<QualityParam> params() {
        return PARAMS;
    }

    @Override
    public Removal judge(Text doc, QualitySettings s, Probe probe) {
        String text = doc.text();
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!PyText.isBlank(line)) {
                lines.add(line);
            }
        }
        if (lines.isEmpty()) {
            return new Removal(NAME, "empty", 0, Double.NaN);
        }
        double punctThreshold = s.get(NAME, "line_punct_thr");
        if (!Double.isNaN(punctThreshold)) {
            long ending = lines.stream()
                    .filter(l -> PyText.endsWithAny(l, DatatroveCharacters.TERMINAL_PUNCTUATION))
                    .count();
            double ratio = (double) ending / lines.size();
            if (probe.removes(
                    NAME,
                    "line_punct_ratio",
                    "line_punct_thr",
                    ratio,
                    true,
                    ratio < punctThreshold && !(ratio == 0 && s.on(NAME, "line_punct_exclude_zero")))) {
                return new Removal(NAME, "line_punct_ratio", ratio, punctThreshold);
            }
        }
        double shortThreshold = s.get(NAME, "short_line_thr");
        double shortLength = s.get(NAME, "short_line_length");
        if (!Double.isNaN(shortThreshold) && !Double.isNaN(shortLength)) {
            long shortLines =
                    lines.stream().filter(l -> PyText.len(l) <= shortLength).count();
            double ratio = (double) shortLines / lines.size();
            if (probe.removes(NAME, "short_line_ratio", "short_line_thr", ratio, false, ratio > shortThreshold)) {
                return new Removal(NAME, "short_line_ratio", ratio, shortThreshold);
            }
        }
        double dupThreshold = s.get(NAME, "char_duplicates_ratio");
        if (!Double.isNaN(dupThreshold)) {
            double ratio = GopherQuality.ratio(
                    GopherRepetition.duplicates(lines)[1], PyText.len(text) - PyText.count(text, "\n"));
            if (probe.removes(NAME, "char_dup_ratio", "char_duplicates_ratio", ratio, false, ratio > dupThreshold)) {
                return new Removal(NAME, "char_dup_ratio", ratio, dupThreshold);
            }
        }
        double newLines = s.get(NAME, "new_line_ratio");
        if (!Double.isNaN(newLines)) {
            double ratio =
                    GopherQuality.ratio(PyText.count(text, "\n"), doc.words().size());
            if (probe.removes(NAME, "list_ratio", "new_line_ratio", ratio, false, ratio > newLines)) {
                return new Removal(NAME, "list_ratio", ratio, newLines);
            }
        }
        return null;
    }
}
