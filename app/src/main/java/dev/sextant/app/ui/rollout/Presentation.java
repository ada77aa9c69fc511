package dev.sextant.app.ui.rollout;

import dev.sextant.app.report.Report;
import dev.sextant.app.ui.charts.Charts;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;

/**
 * The report presented full screen, one section per page: → / Page Down / Space for the next page, ← / Page Up for
 * the previous, Esc to leave.
 */
public final class Presentation {

    private Presentation() {
    }

    public static Stage show(Window owner, Report report, boolean dark) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(report.title());
        BorderPane pane = new BorderPane();
        pane.getStyleClass().add("presentation");
        pane.setPadding(new Insets(32, 48, 24, 48));
        Label footer = new Label();
        footer.getStyleClass().add("text-muted");
        pane.setBottom(footer);
        BorderPane.setAlignment(footer, Pos.CENTER_RIGHT);
        List<Node> pages = new ArrayList<>();
        for (Report.Section s : report.sections()) {
            pages.add(page(report, s, dark));
        }
        int[] at = {0};
        Runnable showPage = () -> {
            pane.setCenter(pages.get(at[0]));
            footer.setText((at[0] + 1) + " / " + pages.size() + "   ← → to move, Esc to leave");
        };
        showPage.run();
        Scene scene = new Scene(pane, 1280, 800);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        // a filter, so that the pages' scroll panes and tables do not take the arrow keys first
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            KeyCode k = e.getCode();
            if (k == KeyCode.RIGHT || k == KeyCode.PAGE_DOWN || k == KeyCode.SPACE || k == KeyCode.LEFT || k == KeyCode.PAGE_UP
                    || k == KeyCode.ESCAPE) {
                e.consume();
            }
            if ((k == KeyCode.RIGHT || k == KeyCode.PAGE_DOWN || k == KeyCode.SPACE) && at[0] + 1 < pages.size()) {
                at[0]++;
                showPage.run();
            } else if ((k == KeyCode.LEFT || k == KeyCode.PAGE_UP) && at[0] > 0) {
                at[0]--;
                showPage.run();
            } else if (k == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.setFullScreenExitHint("");
        stage.setFullScreen(true);
        stage.show();
        return stage;
    }

    static Node page(Report report, Report.Section s, boolean dark) {
        VBox box = new VBox(14);
        Label title = new Label(s.title());
        title.getStyleClass().add("area-title");
        Label subtitle = new Label(report.title() + " · " + report.subtitle());
        subtitle.getStyleClass().add("text-muted");
        box.getChildren().addAll(subtitle, title);
        for (Report.Block b : s.blocks()) {
            box.getChildren().add(block(b));
        }
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        Charts.restyle(box, dark);
        return scroll;
    }

    static Node block(Report.Block b) {
        if (b instanceof Report.Paragraph p) {
            Label l = new Label(p.text());
            l.setWrapText(true);
            if (p.emphasis()) {
                l.getStyleClass().add("verdict");
                l.setStyle("-fx-font-size: 28px;");
            } else {
                l.setStyle("-fx-font-size: 16px;");
            }
            return l;
        }
        if (b instanceof Report.Bullets list) {
            VBox v = new VBox(6);
            for (String item : list.items()) {
                Label l = new Label("• " + item);
                l.setWrapText(true);
                l.setStyle("-fx-font-size: 15px;");
                v.getChildren().add(l);
            }
            return v;
        }
        if (b instanceof Report.Table t) {
            TableView<List<String>> table = new TableView<>(FXCollections.observableArrayList(t.rows()));
            for (int i = 0; i < t.header().size(); i++) {
                int col = i;
                TableColumn<List<String>, String> c = new TableColumn<>(t.header().get(i));
                c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().get(col)));
                table.getColumns().add(c);
            }
            table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
            table.setPrefHeight(Math.min(560, 40 + 32 * t.rows().size()));
            VBox.setVgrow(table, Priority.ALWAYS);
            return table;
        }
        Report.Chart c = (Report.Chart) b;
        ChartViewer v = new ChartViewer(c.chart());
        v.setPrefSize(c.width() * 1.4, c.height() * 1.4);
        v.setMinHeight(c.height());
        return v;
    }
}
