package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval by-date} against its contract: a model that saw the older problems does better on them. */
class EvalByDateCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void aModelBetterOnProblemsFromBeforeItsCutOffIsShownSo() throws Exception {
        // 400 problems released one a day from 2024-01-01; the model solves 70 % of
        // those up to 2024-06-30 and 40 % after
        SplittableRandom r = new SplittableRandom(2);
        StringBuilder scores = new StringBuilder("model,benchmark,item_id,score\n");
        StringBuilder dates = new StringBuilder("item_id,date\n");
        LocalDate cut = LocalDate.of(2024, 6, 30);
        for (int i = 0; i < 400; i++) {
            LocalDate d = LocalDate.of(2024, 1, 1).plusDays(i);
            scores.append("m,lcb,p")
                    .append(i)
                    .append(',')
                    .append(r.nextDouble() < (d.isAfter(cut) ? 0.4 : 0.7) ? 1 : 0)
                    .append('\n');
            if (i != 7) {
                dates.append('p').append(i).append(',').append(d).append('\n');
            }
        }
        Path s = Files.writeString(tmp.resolve("scores.csv"), scores);
        Path d = Files.writeString(tmp.resolve("dates.csv"), dates);
        CliRun undated =
                run("eval", "by-date", "--input", s.toString(), "--dates", d.toString(), "--cutoff", "2024-06-30");
        assertThat(undated.code()).isNotZero();
        assertThat(undated.err()).contains("--dates").contains("1 of the 400 scored items have no date (e.g. p7)");
        CliRun res = run(
                "eval",
                "by-date",
                "--input",
                s.toString(),
                "--dates",
                d.toString(),
                "--cutoff",
                "2024-06-30",
                "--skip-undated",
                "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode j = res.json();
        assertThat(j.get("before").get("n").asInt()).isEqualTo(181); // Jan 1 – Jun 30, 2024 (a leap year) less p7
        assertThat(j.get("after").get("n").asInt()).isEqualTo(218);
        assertThat(j.get("difference").get("value").asDouble())
                .isCloseTo(
                        j.get("after").get("mean").asDouble()
                                - j.get("before").get("mean").asDouble(),
                        within(1e-12));
        assertThat(j.get("difference").get("high").asDouble()).isNegative(); // clearly better before the cut-off
        assertThat(j.get("undated").asInt()).isEqualTo(1);
        assertThat(run("eval", "by-date", "--input", s.toString(), "--dates", d.toString(), "--cutoff", "June")
                        .err())
                .contains("--cutoff");
        assertThat(run(
                                "eval",
                                "by-date",
                                "--input",
                                s.toString(),
                                "--dates",
                                d.toString(),
                                "--cutoff",
                                "2024-06-30",
                                "--skip-undated")
                        .out())
                .contains("contamination by date?");
    }

    @Test
    void importedDatesAndCutOffsFeedByDateAndTheScorecard() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        StringBuilder scores = new StringBuilder("model,benchmark,item_id,score\n");
        StringBuilder dates = new StringBuilder("benchmark,item_id,date\n");
        LocalDate cut = LocalDate.of(2024, 6, 30);
        for (int i = 0; i < 300; i++) {
            LocalDate d = LocalDate.of(2024, 1, 1).plusDays(i);
            scores.append("m,lcb,p")
                    .append(i)
                    .append(',')
                    .append(r.nextDouble() < (d.isAfter(cut) ? 0.3 : 0.8) ? 1 : 0)
                    .append('\n');
            dates.append("lcb,p").append(i).append(',').append(d).append('\n');
        }
        Path s = Files.writeString(tmp.resolve("scores.csv"), scores);
        Path d = Files.writeString(tmp.resolve("dates.csv"), dates);
        Path c = Files.writeString(tmp.resolve("cutoffs.csv"), "model,cutoff\nm,2024-06\n");
        assertThat(run("project", "create", "Dated").code()).isZero();
        CliRun imported = run(
                "eval",
                "import",
                "--input",
                s.toString(),
                d.toString(),
                c.toString(),
                "--project",
                "Dated",
                "--run-date",
                "2024-09-01",
                "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        JsonNode sources = imported.json().get("sources");
        assertThat(sources.get(0).get("runDate").asText()).isEqualTo("2024-09-01");
        assertThat(sources.get(1).get("kind").asText()).isEqualTo("ITEM_DATES");
        assertThat(sources.get(1).get("runDate").isNull())
                .as("dates are not results: no run date")
                .isTrue();
        assertThat(sources.get(2).get("kind").asText()).isEqualTo("CUTOFFS");

        // the stored dates and cut-off (2024-06 = its last day) stand in for --dates and --cutoff
        JsonNode stored = run("eval", "by-date", "--project", "Dated", "--json").json();
        JsonNode given = run(
                        "eval",
                        "by-date",
                        "--input",
                        s.toString(),
                        "--dates",
                        d.toString(),
                        "--cutoff",
                        "2024-06-30",
                        "--json")
                .json();
        assertThat(stored.get("cutoff").asText()).isEqualTo("2024-06-30");
        assertThat(stored.get("difference")).isEqualTo(given.get("difference"));

        JsonNode card = run("eval", "scorecard", "--project", "Dated", "--as-of", "2026-12-06", "--json")
                .json();
        JsonNode timeliness = card.get("benchmarks").get(0).get("dimensions").get(1);
        assertThat(timeliness.get("name").asText()).isEqualTo("contamination and timeliness");
        JsonNode byDate = check(timeliness, "contamination by date");
        assertThat(byDate.get("grade").asText()).isEqualTo("POOR");
        assertThat(byDate.get("evidence").asText()).startsWith("m: ").contains("after its cut-off 2024-06-30");
        JsonNode age = check(timeliness, "result age");
        assertThat(age.get("grade").asText()).isEqualTo("POOR");
        assertThat(age.get("evidence").asText()).contains("scores.csv 27 months old (run 2024-09-01)");
        JsonNode lenient = run(
                        "eval",
                        "scorecard",
                        "--project",
                        "Dated",
                        "--as-of",
                        "2026-12-06",
                        "--stale-after",
                        "36",
                        "--json")
                .json();
        assertThat(check(lenient.get("benchmarks").get(0).get("dimensions").get(1), "result age")
                        .get("grade")
                        .asText())
                .isEqualTo("GOOD");
        CliRun bad = run("eval", "scorecard", "--project", "Dated", "--stale-after", "0");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("--stale-after").contains("at least 1 month");
    }

    private static JsonNode check(JsonNode dimension, String name) {
        for (JsonNode c : dimension.get("checks")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no check " + name + " in " + dimension);
    }
}
