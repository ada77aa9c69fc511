package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.ChinchillaFit;
import dev.sextant.model.ablation.ScalingLawFit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fitted scaling law as a file ({@code ablate fit --save-fit}), so a prediction or an optimum can be asked of it
 * later without the runs: the form, the fit, every bootstrap resample's parameters, the points fitted (for the
 * extrapolation factors and the residuals) and the runs' own extrapolation error. JSON; parameters in the fit's log
 * space (e, a, b: E = exp e, A = exp a, B = exp b).
 */
public final class ScalingFitFile {

    public static final String FORMAT = "sextant-scaling-fit";
    public static final int VERSION = 1;

    private ScalingFitFile() {}

    public static void write(Path file, ScalingLawFit fit) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("format", FORMAT);
        out.put("version", VERSION);
        out.put("form", fit.form().id());
        out.put("seed", fit.seed());
        out.put("extrapolationRate", fit.extrapolationRate());
        out.put("fit", params(fit.fit()));
        out.put(
                "resamples",
                fit.resamples().stream().map(ScalingFitFile::params).toList());
        out.put(
                "points",
                fit.data().stream()
                        .map(p -> new double[] {p.params(), p.tokens(), p.loss()})
                        .toList());
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".part");
            Files.writeString(tmp, Json.write(out));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot be written: " + e.getMessage());
        }
    }

    public static ScalingLawFit read(Path file) {
        String name = TextInput.name(file);
        JsonNode root;
        try {
            root = Json.mapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw BadInputException.of(name, "not a readable JSON fit file: " + e.getMessage());
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new BadInputException(
                    name, 1, "format", "not a scaling law saved by Sextant (format '" + FORMAT + "')");
        }
        if (root.path("version").asInt() != VERSION) {
            throw new BadInputException(
                    name,
                    1,
                    "version",
                    "version " + root.path("version").asText() + " is not one this Sextant reads (" + VERSION + ")");
        }
        ChinchillaFit.Form form;
        try {
            form = ChinchillaFit.Form.of(root.path("form").asText());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(name, 1, "form", e.getMessage());
        }
        ChinchillaFit.Parameters fit = params(root.path("fit"), name, "fit");
        List<ChinchillaFit.Parameters> resamples = new ArrayList<>();
        for (JsonNode r : root.path("resamples")) {
            resamples.add(params(r, name, "resamples"));
        }
        List<ChinchillaFit.Point> points = new ArrayList<>();
        for (JsonNode p : root.path("points")) {
            double[] v = numbers(p, 3, name, "points");
            points.add(new ChinchillaFit.Point(v[0], v[1], v[2]));
        }
        if (points.isEmpty()) {
            throw new BadInputException(name, 1, "points", "the fit has no points");
        }
        return new ScalingLawFit(
                fit,
                resamples,
                points,
                root.path("seed").asLong(),
                form,
                root.path("extrapolationRate").asDouble(0));
    }

    private static double[] params(ChinchillaFit.Parameters p) {
        return new double[] {p.e(), p.a(), p.b(), p.alpha(), p.beta(), p.objective()};
    }

    private static ChinchillaFit.Parameters params(JsonNode n, String file, String field) {
        double[] v = numbers(n, 6, file, field);
        return new ChinchillaFit.Parameters(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    private static double[] numbers(JsonNode n, int count, String file, String field) {
        if (!n.isArray() || n.size() != count) {
            throw new BadInputException(file, 1, field, "expected arrays of " + count + " numbers");
        }
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            if (!n.get(i).isNumber() || !Double.isFinite(n.get(i).asDouble())) {
                throw new BadInputException(file, 1, field, "expected finite numbers, got " + n.get(i));
            }
            v[i] = n.get(i).asDouble();
        }
        return v;
    }
}
