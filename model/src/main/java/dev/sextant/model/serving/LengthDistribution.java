package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Token counts of prompts or outputs: {@code const:N}, {@code uniform:A:B}, {@code lognormal:MEAN:SD} (of the counts
 * themselves), or a list of values read from a file ({@code file:PATH}, one number per line, drawn at random).
 */
public sealed interface LengthDistribution {

    int sample(SplittableRandom random);

    double mean();

    record Constant(int n) implements LengthDistribution {
        public int sample(SplittableRandom random) {
            return n;
        }

        public double mean() {
            return n;
        }
    }

    record Uniform(int a, int b) implements LengthDistribution {
        public int sample(SplittableRandom random) {
            return a + random.nextInt(b - a + 1);
        }

        public double mean() {
            return (a + b) / 2.0;
        }
    }

    /** Log-normal with the given mean and standard deviation of the counts (not of their logarithm). */
    record LogNormal(double meanValue, double sd) implements LengthDistribution {
        public int sample(SplittableRandom random) {
            double s2 = Math.log(1 + (sd * sd) / (meanValue * meanValue));
            double mu = Math.log(meanValue) - s2 / 2;
            double z = gaussian(random);
            return (int) Math.max(1, Math.round(Math.exp(mu + Math.sqrt(s2) * z)));
        }

        public double mean() {
            return meanValue;
        }
    }

    record Empirical(List<Integer> values) implements LengthDistribution {
        public int sample(SplittableRandom random) {
            return values.get(random.nextInt(values.size()));
        }

        public double mean() {
            return values.stream().mapToInt(Integer::intValue).average().orElse(0);
        }
    }

    private static double gaussian(SplittableRandom random) {
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    /**
     * Parses {@code const:N} (or a bare {@code N}), {@code uniform:A:B} or {@code lognormal:MEAN:SD}; {@code file:} specs
     * are read in model.io. Errors are {@link InputError}s about {@code field}, e.g. {@code serving.promptTokens}.
     */
    static LengthDistribution parse(String field, String spec) {
        if (spec.strip().matches("[0-9]+")) {
            spec = "const:" + spec.strip();
        }
        String[] p = spec.split(":");
        try {
            switch (p[0].toLowerCase(Locale.ROOT)) {
                case "const" -> {
                    int n = Integer.parseInt(p[1]);
                    require(field, n >= 1, "const:N needs N ≥ 1");
                    return new Constant(n);
                }
                case "uniform" -> {
                    int a = Integer.parseInt(p[1]);
                    int b = Integer.parseInt(p[2]);
                    require(field, a >= 1 && b >= a, "uniform:A:B needs 1 ≤ A ≤ B");
                    return new Uniform(a, b);
                }
                case "lognormal" -> {
                    double m = Double.parseDouble(p[1]);
                    double s = Double.parseDouble(p[2]);
                    require(field, m >= 1 && s >= 0, "lognormal:MEAN:SD needs MEAN ≥ 1 and SD ≥ 0");
                    return new LogNormal(m, s);
                }
                default -> throw new InputError(
                        field,
                        "unknown distribution '" + spec
                                + "' (N or const:N, uniform:A:B, lognormal:MEAN:SD or file:PATH)");
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new InputError(
                    field, "cannot read '" + spec + "' (N or const:N, uniform:A:B, lognormal:MEAN:SD or file:PATH)");
        }
    }

    private static void require(String field, boolean ok, String message) {
        InputError.require(ok, field, message);
    }
}
