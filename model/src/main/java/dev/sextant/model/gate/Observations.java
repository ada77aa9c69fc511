package dev.sextant.model.gate;

import java.time.LocalDate;
import java.util.List;

/**
 * One model's values of one metric in one evaluation layer, per item or request (ids align candidate and incumbent for
 * paired tests), as imported from a file: a private suite's rotation, a regression suite, or a traffic replay.
 *
 * @param rotation the private suite's rotation date, or null
 */
public record Observations(
        GatePolicy.Layer layer,
        String metric,
        String model,
        List<String> ids,
        double[] values,
        String source,
        LocalDate rotation) {

    public Observations {
        ids = List.copyOf(ids);
        if (ids.size() != values.length) {
            throw new IllegalArgumentException("observations need one id per value");
        }
    }
}
