package dev.sextant.model.data.quality;

import java.util.List;

/** What the rules count as words and sentences. */
public interface Words {

    /** The words of a text: datatrove's {@code split_into_words}, tokens stripped of whitespace, empty ones dropped. */
    List<String> of(String text);

    /** The sentences of a line (C4's count): datatrove's {@code split_into_sentences}. */
    int sentences(String line);
}
