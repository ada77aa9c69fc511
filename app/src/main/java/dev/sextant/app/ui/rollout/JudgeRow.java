package dev.sextant.app.ui.rollout;

import dev.sextant.model.gate.CanaryJudge;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/** One metric of the monitoring data as the judge settings editor holds it: which change fails it, and whether it is critical. */
public final class JudgeRow {

    private final String metric;
    final ObjectProperty<CanaryJudge.Direction> direction = new SimpleObjectProperty<>();
    final BooleanProperty critical = new SimpleBooleanProperty();

    JudgeRow(String metric, CanaryJudge.MetricSpec spec) {
        this.metric = metric;
        direction.set(spec.direction());
        critical.set(spec.critical());
    }

    public ObjectProperty<CanaryJudge.Direction> directionProperty() {
        return direction;
    }

    public BooleanProperty criticalProperty() {
        return critical;
    }

    public String metric() {
        return metric;
    }

    public CanaryJudge.MetricSpec spec() {
        return new CanaryJudge.MetricSpec(direction.get(), critical.get());
    }
}
