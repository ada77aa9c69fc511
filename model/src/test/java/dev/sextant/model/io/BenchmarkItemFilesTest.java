package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, parts 5 and 6: a harness sample's item text is its question; chat lines are read as their messages' text. */
class BenchmarkItemFilesTest {

    @TempDir
    Path tmp;

    private Path write(String name, String content) throws Exception {
        return TestFiles.write(tmp, name, content);
    }

    /** A gsm8k sample as the harness writes it: the doc holds the question and the worked answer. */
    private static final String GSM8K =
            """
            {"doc_id": 0, "doc": {"question": "Janet's ducks lay 16 eggs per day.", "answer": "Janet sells 16 - 3 - 4 = 9 eggs.\\n#### 18"}, "target": "18", "filter": "strict-match", "exact_match": 1.0}
            {"doc_id": 0, "doc": {"question": "Janet's ducks lay 16 eggs per day.", "answer": "Janet sells 16 - 3 - 4 = 9 eggs.\\n#### 18"}, "target": "18", "filter": "flexible-extract", "exact_match": 1.0}
            {"doc_id": 1, "doc": {"question": "A robe takes 2 bolts of blue fiber.", "answer": "It takes 2/2=1 bolt\\n#### 3"}, "target": "3", "filter": "strict-match", "exact_match": 0.0}
            """;

    @Test
    void aHarnessSampleIsCheckedByItsQuestionNotItsAnswer() throws Exception {
        Path f = write("m/samples_gsm8k_2026-01-02T03-04-05.123.jsonl", GSM8K);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(items)
                .extracting(BenchmarkItem::text)
                .containsExactly("Janet's ducks lay 16 eggs per day.", "A robe takes 2 bolts of blue fiber.");
        assertThat(items.get(0).fields()).containsExactly("doc.question");
        assertThat(items.get(0).benchmark()).isEqualTo("gsm8k");
    }

    @Test
    void aJsonArrayOfItemsIsReadAndAnItemsIdIsNeverPartOfItsText() throws Exception {
        Path f = write(
                "truthfulqa.json",
                """
                [
                  {"id": "q1", "question": "What happens if you crack your knuckles a lot?", "label": 1},
                  {"question": "Which is the capital of Australia?"}
                ]
                """);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(items).extracting(BenchmarkItem::id).containsExactly("q1", "2");
        assertThat(items)
                .extracting(BenchmarkItem::text)
                .containsExactly(
                        "What happens if you crack your knuckles a lot? 1", "Which is the capital of Australia?");
        Path bad = write("bad.json", "[{\"id\": \"a\", \"q\": \"x\"},\n 7]");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(bad, List.of(), null))
                .hasMessageEndingWith("bad.json:2: [2]: expected a JSON object");
        Path missing = write("missing.json", "[{\"id\": \"a\", \"q\": \"x\"},\n {\"q\": \"y\"}]");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(missing, List.of("question"), null))
                .hasMessageEndingWith("missing.json:1: [1].question: missing");
    }

    @Test
    void aTaskWhosePromptHasTwoFieldsGivesBoth() throws Exception {
        Path f = write(
                "m/samples_boolq_2026-01-02T03-04-05.jsonl",
                "{\"doc_id\": 3, \"doc\": {\"passage\": \"Ethanol fuel is alcohol.\", \"question\": \"is ethanol alcohol\", \"label\": 1}}\n");
        BenchmarkItem item = BenchmarkItemFiles.read(f, List.of(), null).get(0);
        assertThat(item.text()).isEqualTo("Ethanol fuel is alcohol. is ethanol alcohol");
        assertThat(item.fields()).containsExactly("doc.passage", "doc.question");
    }

    @Test
    void otherQuestionLikeFieldsAndTheWholeDocWhenThereIsNone() throws Exception {
        Path f = write(
                "m/samples_piqa_2026-01-02T03-04-05.jsonl",
                """
                {"doc_id": 0, "doc": {"goal": "How do I ready a guinea pig cage?", "sol1": "Fill it with paper.", "label": 0}}
                {"doc_id": 1, "doc": {"ctx": "A man is sitting on a roof.", "endings": ["he starts", "he stops"]}}
                {"doc_id": 2, "doc": {"a": "x y", "b": ["z", 4]}}
                {"doc_id": 3, "doc": {"Correct Answer": "Seven", "Question": "How many days has a week?"}}
                """);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(items)
                .extracting(BenchmarkItem::text)
                .containsExactly(
                        "How do I ready a guinea pig cage?",
                        "A man is sitting on a roof.",
                        "x y z 4",
                        "How many days has a week?");
        assertThat(items)
                .extracting(BenchmarkItem::fields)
                .containsExactly(List.of("doc.goal"), List.of("doc.ctx"), List.of("doc"), List.of("doc.Question"));
    }

    @Test
    void fieldTakesDottedPathsIntoTheDoc() throws Exception {
        Path f = write(
                "m/samples_arc_challenge_2026-01-02T03-04-05.jsonl",
                """
                {"doc_id": 0, "doc": {"question": "Which gas do plants take in?", "choices": {"text": ["oxygen", "carbon dioxide"], "label": ["A", "B"]}}}
                """);
        BenchmarkItem item = BenchmarkItemFiles.read(f, List.of("question", "choices.text"), null)
                .get(0);
        assertThat(item.text()).isEqualTo("Which gas do plants take in? oxygen carbon dioxide");
        assertThat(item.fields()).containsExactly("doc.question", "doc.choices.text");
        assertThat(BenchmarkItemFiles.read(f, List.of("doc.choices.label"), null)
                        .get(0)
                        .text())
                .isEqualTo("A B");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(f, List.of("choices.txt"), null))
                .isInstanceOf(BadInputException.class)
                .hasMessage(f + ":1: doc.choices.txt: missing");
    }

    @Test
    void dottedPathsInPlainJsonLinesGoThroughLists() throws Exception {
        Path f = write(
                "qa.jsonl",
                "{\"id\": \"q1\", \"turns\": [{\"q\": \"first question here\"}, {\"q\": \"second one\"}]}\n");
        BenchmarkItem item =
                BenchmarkItemFiles.read(f, List.of("turns.q"), null).get(0);
        assertThat(item.text()).isEqualTo("first question here second one");
        assertThat(item.id()).isEqualTo("q1");
    }

    @Test
    void chatLinesAreTheirMessagesTextWithoutRoles() throws Exception {
        Path f = write(
                "chat.jsonl",
                """
                {"id": "a", "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "What is the capital of France?"}, {"role": "assistant", "content": null, "tool_calls": []}]}
                {"id": "b", "messages": [{"role": "user", "content": [{"type": "text", "text": "Describe this"}, {"type": "image_url", "image_url": {"url": "x"}}]}]}
                {"id": "c", "conversations": [{"from": "human", "value": "Name a prime."}, {"from": "gpt", "value": "Seven."}]}
                """);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(items)
                .extracting(BenchmarkItem::text)
                .containsExactly("Be brief.\nWhat is the capital of France?", "Describe this", "Name a prime.\nSeven.");
        assertThat(items)
                .extracting(BenchmarkItem::fields)
                .containsExactly(
                        List.of("messages[].content"), List.of("messages[].content"), List.of("conversations[].value"));
        assertThat(items.get(0).text()).doesNotContain("user").doesNotContain("system");
    }

    @Test
    void aBadChatMessageIsNamedByItsPath() throws Exception {
        Path notList = write("c1.jsonl", "{\"messages\": \"hello\"}\n");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(notList, List.of(), null))
                .hasMessage(notList + ":1: messages: not a list of messages");
        Path notObject = write(
                "c2.jsonl",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}, 3]}\n");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(notObject, List.of(), null))
                .hasMessage(notObject + ":2: messages[1]: not a message (expected {role, content})");
        Path number = write("c3.jsonl", "{\"messages\": [{\"role\": \"user\", \"content\": 42}]}\n");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(number, List.of(), null))
                .hasMessage(number + ":1: messages[0].content: not text");
        Path noValue = write("c4.jsonl", "{\"conversations\": [{\"from\": \"human\"}]}\n");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(noValue, List.of(), null))
                .hasMessage(noValue + ":1: conversations[0].value: missing");
    }
}
