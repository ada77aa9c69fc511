package dev.sextant.model.data.quality;

import dev.sextant.model.io.SpacyRulesFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words and sentences as datatrove counts them for English: the token texts of spaCy's blank English pipeline
 * ({@code spacy.blank("en")}, spaCy 3.8), stripped, empty ones dropped, and its rule-based sentencizer. A port of spaCy's
 * tokenizer algorithm ({@code spacy/tokenizer.pyx}: text split on whitespace; each piece checked against the special
 * cases, then prefixes and suffixes stripped one at a time, then the URL pattern, then infixes; finally special cases
 * that contain affix characters matched across the pieces' tokens) over spaCy's English rules, which are data here
 * ({@code spacy-en.json}, read by {@link SpacyRulesFile}, generated from {@code spacy/lang/char_classes.py}, {@code punctuation.py}, {@code
 * en/punctuation.py}, {@code tokenizer_exceptions.py} and {@code en/tokenizer_exceptions.py}; spaCy is MIT-licensed,
 * Copyright (C) 2016-2024 ExplosionAI GmbH, Matthew Honnibal). Python's regex semantics are kept: the patterns are
 * Unicode-aware ({@code \w}, {@code \d}, {@code \s}) and lengths count code points. Thread-safe.
 */
public final class SpacyEnglishWords implements Words {

    private static final SpacyEnglishWords INSTANCE = load();

    /** Pieces cached per thread: a piece's tokens depend on it alone, and web text repeats its words (Zipf). */
    private static final int CACHED_PIECES = 1 << 16;

    private static final ThreadLocal<PieceCache> PIECES = ThreadLocal.withInitial(PieceCache::new);

    /**
     * The tokens of pieces seen before, found by the piece's place in the text (hashed and compared where it stands, no
     * substring made for a hit): open addressing at most half full, emptied when full (the common words come back at
     * once, cheaper than keeping the least recently used).
     */
    private static final class PieceCache {
        final String[] keys = new String[2 * CACHED_PIECES];
        final int[] hashes = new int[2 * CACHED_PIECES];

        @SuppressWarnings("unchecked")
        final List<String>[] values = new List[2 * CACHED_PIECES];

        final int mask = 2 * CACHED_PIECES - 1;
        int size;

        static int hash(String text, int from, int to) {
            int h = 0;
            for (int i = from; i < to; i++) {
                h = 31 * h + text.charAt(i);
            }
            return h;
        }

        /** The slot of {@code text[from, to)}: its entry, or the empty slot it would go in. */
        int slot(String text, int from, int to, int h) {
            int s = (h ^ (h >>> 16)) & mask;
            int len = to - from;
            while (keys[s] != null
                    && !(hashes[s] == h && keys[s].length() == len && text.regionMatches(from, keys[s], 0, len))) {
                s = (s + 1) & mask;
            }
            return s;
        }

        void clear() {
            Arrays.fill(keys, null);
            Arrays.fill(values, null);
            size = 0;
        }
    }

    /** The prefix patterns, each with the characters it can start with; by a piece's first character, those that apply. */
    private final List<Affix> prefixes;

    private final Map<Integer, Optional<Pattern>> prefixByFirst = new ConcurrentHashMap<>();
    /** The suffix patterns, each with the characters it can end with; by a piece's last character, those that apply. */
    private final List<Affix> suffixes;

    private final Map<Integer, Optional<Pattern>> suffixByLast = new ConcurrentHashMap<>();
    private final Pattern infix;
    /** The characters an infix match can start with (as an {@link Affix}'s ranges). */
    private final Affix infixStarts;

    private final Pattern url;
    /** Special cases: a piece's exact text and the tokens it becomes ("don't" → "do", "n't"). */
    private final Map<String, List<String>> specials;
    /**
     * Special cases that contain affix characters, by the first token of their plain tokenization: spaCy's special
     * matcher finds them as token sequences after the first pass ({@code faster_heuristics}).
     */
    private final Map<String, List<Phrase>> phrases;
    /** The sentencizer's sentence-final characters. */
    private final Set<String> punctChars;

    /** A special case matched across tokens: the tokens it matches and those it becomes. */
    private record Phrase(List<String> match, List<String> becomes) {}

    /**
     * A prefix or suffix pattern (Python syntax) and the code points it can start or end with, as sorted inclusive
     * ranges {@code lo0, hi0, lo1, hi1 …}.
     */
    public record Affix(String pattern, int[] edge) {

        boolean allows(int cp) {
            int lo = 0;
            int hi = edge.length / 2 - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (cp < edge[2 * mid]) {
                    hi = mid - 1;
                } else if (cp > edge[2 * mid + 1]) {
                    lo = mid + 1;
                } else {
                    return true;
                }
            }
            return false;
        }
    }

    private SpacyEnglishWords(
            List<Affix> prefixes,
            List<Affix> suffixes,
            Pattern infix,
            Affix infixStarts,
            Pattern url,
            Map<String, List<String>> specials,
            List<String> matched,
            Set<String> punctChars) {
        this.prefixes = prefixes;
        this.suffixes = suffixes;
        this.infix = infix;
        this.infixStarts = infixStarts;
        this.url = url;
        this.specials = specials;
        this.punctChars = punctChars;
        this.phrases = new HashMap<>();
        for (String key : matched) {
            List<String> plain = new ArrayList<>();
            tokenizePiece(key, plain, false);
            if (plain.size() > 1) {
                phrases.computeIfAbsent(plain.get(0), k -> new ArrayList<>())
                        .add(new Phrase(List.copyOf(plain), specials.get(key)));
            }
        }
    }

    /** The shared instance (the rules are read once). */
    public static SpacyEnglishWords instance() {
        return INSTANCE;
    }

    /** spaCy's English rules as data: Python regular expressions, special cases, the sentencizer's marks. */
    public record Rules(
            List<Affix> prefixes,
            List<Affix> suffixes,
            String infix,
            Affix infixStarts,
            String url,
            Map<String, List<String>> specials,
            List<String> matched,
            Set<String> punctChars) {}

    private static SpacyEnglishWords load() {
        Rules r = SpacyRulesFile.read();
        return new SpacyEnglishWords(
                r.prefixes(),
                r.suffixes(),
                PythonRegex.compile(r.infix()),
                r.infixStarts(),
                PythonRegex.compile(r.url()),
                r.specials(),
                r.matched(),
                r.punctChars());
    }

    @Override
    public List<String> of(String text) {
        List<String> out = new ArrayList<>();
        for (String t : tokens(text)) {
            String s = PyText.strip(t);
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    @Override
    public int sentences(String line) {
        // spaCy's sentencizer: a new sentence starts at the first token after a sentence-final character that is
        // neither punctuation nor one of them; datatrove counts the sentences (span_tokenize), whitespace ones too
        List<String> tokens = tokens(line);
        if (tokens.isEmpty()) {
            return 0;
        }
        int sentences = 1;
        boolean seenFinal = false;
        for (String t : tokens) {
            boolean isFinal = punctChars.contains(t);
            if (seenFinal && !isFinal && !isPunct(t)) {
                sentences++;
                seenFinal = false;
            } else if (isFinal) {
                seenFinal = true;
            }
        }
        return sentences;
    }

    /** spaCy's {@code is_punct}: every character's Unicode category is a punctuation one (P*). */
    private static boolean isPunct(String t) {
        if (t.isEmpty()) {
            return false;
        }
        for (int i = 0; i < t.length(); ) {
            int cp = t.codePointAt(i);
            int type = Character.getType(cp);
            if (!(type == Character.CONNECTOR_PUNCTUATION
                    || type == Character.DASH_PUNCTUATION
                    || type == Character.START_PUNCTUATION
                    || type == Character.END_PUNCTUATION
                    || type == Character.INITIAL_QUOTE_PUNCTUATION
                    || type == Character.FINAL_QUOTE_PUNCTUATION
                    || type == Character.OTHER_PUNCTUATION)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /**
     * The token texts of a text, whitespace tokens included as spaCy makes them: a single space after a token is its
     * trailing whitespace, any other run of whitespace is a token of its own.
     */
    List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        PieceCache cache = PIECES.get();
        int n = text.length();
        int i = 0;
        while (i < n) {
            int start = i;
            boolean space = PyText.isSpace(text.codePointAt(i));
            while (i < n && PyText.isSpace(text.codePointAt(i)) == space) {
                i += Character.charCount(text.codePointAt(i));
            }
            if (space) {
                // spaCy: one space is the previous token's trailing whitespace; the rest of a run is a token
                int from = start > 0 && text.charAt(start) == ' ' ? start + 1 : start;
                if (from < i) {
                    out.add(text.substring(from, i));
                }
            } else {
                int h = PieceCache.hash(text, start, i);
                int slot = cache.slot(text, start, i, h);
                List<String> piece = cache.values[slot];
                if (piece == null) {
                    String run = text.substring(start, i);
                    List<String> made = new ArrayList<>();
                    tokenizePiece(run, made, true);
                    applyPhrases(made);
                    piece = List.copyOf(made);
                    if (cache.size >= CACHED_PIECES) {
                        cache.clear();
                    }
                    slot = cache.slot(text, start, i, h); // again: tokenizing the piece may have filled slots
                    cache.keys[slot] = run;
                    cache.hashes[slot] = h;
                    cache.values[slot] = piece;
                    cache.size++;
                }
                out.addAll(piece);
            }
        }
        return out;
    }

    /** Replaces token sequences that make a special case with its tokens (longest first, then the later start). */
    private void applyPhrases(List<String> tokens) {
        if (phrases.isEmpty() || tokens.size() < 2) {
            return;
        }
        for (int i = 0; i < tokens.size(); i++) {
            List<Phrase> candidates = phrases.get(tokens.get(i));
            if (candidates == null) {
                continue;
            }
            Phrase best = null;
            for (Phrase p : candidates) {
                if (i + p.match.size() <= tokens.size()
                        && tokens.subList(i, i + p.match.size()).equals(p.match)
                        && (best == null || p.match.size() > best.match.size())) {
                    best = p;
                }
            }
            if (best != null) {
                List<String> span = tokens.subList(i, i + best.match.size());
                span.clear();
                span.addAll(best.becomes);
                i += best.becomes.size() - 1;
            }
        }
    }

    /** spaCy's {@code _tokenize_affixes} for one whitespace-free piece: appends its tokens. */
    private void tokenizePiece(String piece, List<String> out, boolean withSpecials) {
        List<String> special = withSpecials ? specials.get(piece) : null;
        if (special != null) {
            out.addAll(special);
            return;
        }
        if (allLetters(piece)) {
            // no prefix, suffix, infix or URL pattern matches letters alone: each needs punctuation, a symbol, a digit
            // or a dot (the unit suffixes follow a digit, "US$" ends in a dollar sign)
            out.add(piece);
            return;
        }
        List<String> prefixes = new ArrayList<>();
        List<String> suffixes = new ArrayList<>();
        String rest = splitAffixes(piece, prefixes, suffixes, withSpecials);
        out.addAll(prefixes);
        if (!rest.isEmpty()) {
            special = withSpecials ? specials.get(rest) : null;
            if (special != null) {
                out.addAll(special);
            } else if (url.matcher(rest).matches()) {
                out.add(rest);
            } else {
                splitInfixes(rest, out);
            }
        }
        for (int k = suffixes.size() - 1; k >= 0; k--) {
            out.add(suffixes.get(k));
        }
    }

    private static boolean lettersAndDigits(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (!Character.isLetterOrDigit(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    private static boolean allLetters(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (!Character.isLetter(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /** spaCy's {@code _split_affixes}: strips prefixes and suffixes until none is left or a special case remains. */
    private String splitAffixes(String s, List<String> prefixes, List<String> suffixes, boolean withSpecials) {
        int lastSize = -1;
        while (!s.isEmpty() && s.length() != lastSize) {
            if (withSpecials && specials.containsKey(s)) {
                break;
            }
            if (allLetters(s)) {
                break; // no prefix or suffix pattern matches letters alone (see tokenizePiece)
            }
            lastSize = s.length();
            int pre = prefixLength(s);
            if (pre != 0) {
                String minusPre = s.substring(pre);
                if (!minusPre.isEmpty() && withSpecials && specials.containsKey(minusPre)) {
                    prefixes.add(s.substring(0, pre));
                    s = minusPre;
                    break;
                }
            }
            int suf = suffixLength(s.substring(pre));
            if (suf != 0) {
                String minusSuf = s.substring(0, s.length() - suf);
                if (!minusSuf.isEmpty() && withSpecials && specials.containsKey(minusSuf)) {
                    suffixes.add(s.substring(s.length() - suf));
                    s = minusSuf;
                    break;
                }
            }
            if (pre != 0 && suf != 0 && pre + suf <= s.length()) {
                prefixes.add(s.substring(0, pre));
                suffixes.add(s.substring(s.length() - suf));
                s = s.substring(pre, s.length() - suf);
            } else if (pre != 0) {
                prefixes.add(s.substring(0, pre));
                s = s.substring(pre);
            } else if (suf != 0) {
                suffixes.add(s.substring(s.length() - suf));
                s = s.substring(0, s.length() - suf);
            }
        }
        return s;
    }

    /**
     * spaCy's prefix search ({@code ^p1|^p2|…}, the first that matches at the start), with only the patterns that can
     * start with the piece's first character: the others cannot match it, so the answer is the same.
     */
    private int prefixLength(String s) {
        if (s.isEmpty()) {
            return 0;
        }
        Optional<Pattern> p = prefixByFirst.computeIfAbsent(s.codePointAt(0), cp -> join(prefixes, cp, true));
        if (p.isEmpty()) {
            return 0;
        }
        Matcher m = p.get().matcher(s);
        return m.lookingAt() ? m.end() : 0;
    }

    /** The patterns of {@code affixes} that allow {@code cp}, joined in their order as spaCy joins them. */
    private static Optional<Pattern> join(List<Affix> affixes, int cp, boolean prefix) {
        StringBuilder b = new StringBuilder();
        for (Affix a : affixes) {
            if (a.allows(cp)) {
                b.append(b.length() == 0 ? "" : "|")
                        .append(prefix ? "^" + a.pattern() : LookBehindFirst.rewrite(a.pattern()) + "$");
            }
        }
        return b.length() == 0 ? Optional.empty() : Optional.of(PythonRegex.compile(b.toString()));
    }

    /**
     * Every suffix pattern but a run of dots matches at most six characters, so the leftmost match is searched for in
     * the last few (its look-behinds still see before them); a match from the first of those may be a longer run of
     * dots, and only then is the whole piece searched, as Python's {@code search} would.
     */
    private int suffixLength(String s) {
        if (s.isEmpty()) {
            return 0;
        }
        Optional<Pattern> p =
                suffixByLast.computeIfAbsent(s.codePointBefore(s.length()), cp -> join(suffixes, cp, false));
        if (p.isEmpty()) {
            return 0;
        }
        Matcher m = p.get().matcher(s);
        int from = Math.max(0, s.length() - SUFFIX_WINDOW);
        if (from > 0) {
            m.region(from, s.length()).useTransparentBounds(true).useAnchoringBounds(false);
            if (!m.find()) {
                return 0;
            }
            if (m.start() > from) {
                return m.end() - m.start();
            }
            m.reset();
        }
        return m.find() ? m.end() - m.start() : 0;
    }

    /** UTF-16 units searched for a suffix first: the longest bounded suffix pattern is 6 code points, 12 units. */
    private static final int SUFFIX_WINDOW = 14;

    /** spaCy's infix step: the piece cut at every infix match (an infix at the very start is not cut off). */
    private void splitInfixes(String s, List<String> out) {
        if (lettersAndDigits(s)) {
            out.add(s); // every infix pattern starts at punctuation or a symbol
            return;
        }
        // Python's finditer, tried only where a match can start: at each such place at or after the last match's end,
        // the alternatives in order (look-behinds see the whole piece)
        Matcher m = infix.matcher(s).useTransparentBounds(true).useAnchoringBounds(false);
        int start = 0;
        int cursor = 0;
        boolean any = false;
        while (cursor < s.length()) {
            int cp = s.codePointAt(cursor);
            if (!infixStarts.allows(cp)) {
                cursor += Character.charCount(cp);
                continue;
            }
            m.region(cursor, s.length());
            if (!m.lookingAt()) {
                cursor += Character.charCount(cp);
                continue;
            }
            any = true;
            cursor = m.end() > m.start() ? m.end() : cursor + Character.charCount(cp);
            if (m.start() == 0) {
                continue; // spaCy skips a match at the start of the piece
            }
            if (m.start() != start) {
                out.add(s.substring(start, m.start()));
            }
            if (m.start() != m.end()) {
                out.add(s.substring(m.start(), m.end()));
            }
            start = m.end();
        }
        if (!any) {
            out.add(s);
            return;
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
    }
}
