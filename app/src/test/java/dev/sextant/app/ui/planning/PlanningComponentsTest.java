package dev.sextant.app.ui.planning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.shell.Tables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The pieces Training and Serving share: kept plans, the comparison grid, input rows and their problem marks. */
@ExtendWith(ApplicationExtension.class)
class PlanningComponentsTest {

    record Plan(String name, double rate) {}

    static final Plan A = new Plan("a", 1);
    static final Plan B = new Plan("b", 2);

    final List<Plan> opened = new ArrayList<>();

    private KeptPlans<Plan> kept(ObservableList<Plan> plans) {
        return new KeptPlans<>(
                plans,
                Plan::name,
                List.of(Tables.text("Plan", Plan::name), Tables.number("Rate", Plan::rate, "%.1f")),
                "No kept plans.",
                "kept",
                "Test.kept",
                160,
                opened::add,
                p -> {});
    }

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private static Button button(KeptPlans<?> kept, String id) {
        return (Button) kept.node().lookup("#" + id);
    }

    @Test
    void oneChosenPlanOpensAndDeletesWithoutCompare() throws Exception {
        KeptPlans<Plan> kept = fx(() -> kept(FXCollections.observableArrayList(A, B)));
        assertThat(kept.table().getId()).isEqualTo("kept");
        assertThat(kept.table().getSelectionModel().getSelectionMode()).isEqualTo(SelectionMode.SINGLE);
        assertThat(button(kept, "compareSaved")).isNull();
        assertThat(button(kept, "openSaved").isDisabled()).isTrue();
        assertThat(button(kept, "deleteSaved").isDisabled()).isTrue();
        fx(() -> {
            kept.table().getSelectionModel().select(B);
            button(kept, "openSaved").fire();
            return null;
        });
        assertThat(button(kept, "openSaved").isDisabled()).isFalse();
        assertThat(button(kept, "deleteSaved").isDisabled()).isFalse();
        assertThat(opened).containsExactly(B);
    }

    @Test
    void comparingTakesExactlyTwoAndSitsBetweenOpenAndDelete() throws Exception {
        KeptPlans<Plan> kept = fx(() -> kept(FXCollections.observableArrayList(A, B))
                .comparing(new PlanComparison<>(
                        Plan::name, List.of(new PlanComparison.Row<>("Rate", p -> p.rate() + " req/s")))));
        Pane header = (Pane) button(kept, "openSaved").getParent();
        assertThat(header.getChildren().stream()
                        .filter(Button.class::isInstance)
                        .map(n -> ((Button) n).getText()))
                .containsExactly("Open", "Compare", "Delete");
        fx(() -> {
            kept.table().getSelectionModel().selectAll();
            return null;
        });
        assertThat(button(kept, "compareSaved").isDisabled()).isFalse();
        assertThat(button(kept, "openSaved").isDisabled()).as("Open takes one").isTrue();
        assertThat(button(kept, "deleteSaved").isDisabled())
                .as("Delete takes several")
                .isFalse();
        fx(() -> {
            kept.table().getSelectionModel().clearAndSelect(0);
            return null;
        });
        assertThat(button(kept, "compareSaved").isDisabled()).isTrue();
    }

    @Test
    void theFirstKeptPlanOpensOnlyWhileNothingIsShown() throws Exception {
        ObservableList<Plan> plans = FXCollections.observableArrayList();
        boolean[] nothingShown = {false};
        KeptPlans<Plan> kept = fx(() -> kept(plans).openingTheFirstWhen(() -> nothingShown[0], opened::add));
        fx(() -> plans.setAll(A, B));
        assertThat(opened).isEmpty();
        nothingShown[0] = true;
        fx(() -> plans.setAll(B, A));
        assertThat(opened).containsExactly(B);
        assertThat(kept.table().getSelectionModel().getSelectedItem()).isEqualTo(B);
    }

    @Test
    void theComparisonShowsBothNamesThenOneRowPerLabel() throws Exception {
        PlanComparison<Plan> comparison = new PlanComparison<>(
                Plan::name,
                List.of(
                        new PlanComparison.Row<>("Rate", p -> p.rate() + " req/s", Plan::rate),
                        new PlanComparison.Row<>("Twice", p -> p.rate() * 2 + ""),
                        new PlanComparison.Row<>("Engine", p -> "vLLM")));
        GridPane grid = fx(() -> comparison.grid(A, B));
        assertThat(texts(grid, 0)).containsExactly("", "a", "b", "Second vs first");
        // b's rate is twice a's: +100 %; a row without a number has no difference
        assertThat(texts(grid, 1)).containsExactly("≠ Rate", "1.0 req/s", "2.0 req/s", "+100 %");
        assertThat(texts(grid, 2)).containsExactly("≠ Twice", "2.0", "4.0", "");
        assertThat(texts(grid, 3)).containsExactly("Engine", "vLLM", "vLLM", "");
        assertThat(texts(grid, 4)).singleElement().asString().startsWith("2 rows differ");
        assertThat(grid.getChildren().stream()
                        .filter(n -> GridPane.getRowIndex(n) == 1 && GridPane.getColumnIndex(n) < 3))
                .allMatch(n -> n.getStyleClass().contains("comparison-differs"));
    }

    @Test
    void aDifferenceIsTheSecondAgainstTheFirst() {
        // by hand: 1.10 against 1.00 is 10 % more; 0.75 against 1.00, 25 % less; against a negative first, its size
        assertThat(PlanComparison.difference(1.0, 1.1)).isEqualTo("+10.0 %");
        assertThat(PlanComparison.difference(1.0, 0.75)).isEqualTo("−25.0 %");
        assertThat(PlanComparison.difference(-2.0, -1.0)).isEqualTo("+50.0 %");
        assertThat(PlanComparison.difference(1.0, 3.5)).isEqualTo("+250 %");
        assertThat(PlanComparison.difference(4.0, 4.0)).isEqualTo("same");
        assertThat(PlanComparison.difference(0.0, 0.0)).isEqualTo("same");
        assertThat(PlanComparison.difference(0.0, 1.0)).isEmpty();
        assertThat(PlanComparison.difference(null, 1.0)).isEmpty();
        assertThat(PlanComparison.difference(1.0, Double.NaN)).isEmpty();
    }

    private static List<String> texts(GridPane grid, int row) {
        return grid.getChildren().stream()
                .filter(n -> GridPane.getRowIndex(n) == row)
                .sorted(Comparator.comparing(GridPane::getColumnIndex))
                .map(n -> ((Label) n).getText())
                .toList();
    }

    @Test
    void aProblemMarksTheInputItIsAboutAndClearsTheOthers() throws Exception {
        SimpleStringProperty field = new SimpleStringProperty("");
        SimpleStringProperty problem = new SimpleStringProperty("");
        ProblemMarks marks = new ProblemMarks(field, problem);
        InputGrid grid = fx(() -> new InputGrid(marks));
        TextField gpus = fx(() -> grid.field("GPUs", "gpus", new SimpleStringProperty("8"), "", "t-gpus"));
        TextField seq = fx(() -> grid.field("Sequence length", "seqLen", new SimpleStringProperty(""), "tokens", null));
        assertThat(GridPane.getRowIndex(seq)).isEqualTo(1);
        assertThat(gpus.getId()).isEqualTo("t-gpus");
        assertThat(gpus.getText()).isEqualTo("8");
        PseudoClass danger = PseudoClass.getPseudoClass("danger");
        fx(() -> {
            problem.set("GPUs must be a whole number");
            field.set("gpus");
            return null;
        });
        assertThat(gpus.getPseudoClassStates()).contains(danger);
        assertThat(gpus.getTooltip().getText()).isEqualTo("GPUs must be a whole number");
        assertThat(seq.getPseudoClassStates()).doesNotContain(danger);
        fx(() -> {
            field.set("seqLen");
            return null;
        });
        assertThat(gpus.getPseudoClassStates()).doesNotContain(danger);
        assertThat(gpus.getTooltip()).isNull();
        assertThat(seq.getPseudoClassStates()).contains(danger);
        Node label = grid.grid().getChildren().get(0);
        assertThat(((Label) label).getText()).isEqualTo("GPUs");
    }
}
