package dev.sextant.model.training.validation;

import java.util.Comparator;
import java.util.List;

/**
 * The step-time errors of a set of predictions.
 *
 * @param runs           predictions summarised
 * @param meanAbsolute   mean of |predicted / measured − 1|
 * @param meanSigned     mean of predicted / measured − 1 (negative: predictions faster than measured on average)
 * @param medianSigned   median of the signed errors
 * @param worst          the prediction with the largest absolute error
 * @param optimistic     predictions faster than the measurement
 */
public record ErrorSummary(
        int runs, double meanAbsolute, double meanSigned, double medianSigned, Prediction worst, int optimistic) {

    public static ErrorSummary of(List<Prediction> predictions) {
        if (predictions.isEmpty()) {
            throw new IllegalArgumentException("no predictions to summarise");
        }
        double abs = 0;
        double signed = 0;
        int fast = 0;
        for (Prediction p : predictions) {
            abs += Math.abs(p.stepError());
            signed += p.stepError();
            fast += p.optimistic() ? 1 : 0;
        }
        double[] sorted =
                predictions.stream().mapToDouble(Prediction::stepError).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        Prediction worst = predictions.stream()
                .max(Comparator.comparingDouble(p -> Math.abs(p.stepError())))
                .orElseThrow();
        return new ErrorSummary(n, abs / n, signed / n, median, worst, fast);
    }
}
