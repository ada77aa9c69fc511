package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.CapabilityProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The files of capability dimensions: a map {@code benchmark,dimension[,weight]} (a dimension by any of its names:
 * code or coding, refusal or safety…) and refusal sets {@code model,item_id,should_refuse,refused} (yes/no, true/false
 * or 1/0).
 */
public final class DimensionFiles {

    private DimensionFiles() {}

    public static Map<String, CapabilityProfile.Placement> map(Path file) {
        Map<String, CapabilityProfile.Placement> out = new LinkedHashMap<>();
        String name = TextInput.name(file);
        try (CsvTable t = CsvTable.open(file, List.of("benchmark", "dimension"), Set.of("weight"))) {
            for (CsvTable.Row r : t) {
                String b = r.required("benchmark");
                String d = CapabilityProfile.canonical(r.required("dimension"));
                if (d == null) {
                    throw r.problem(
                            "dimension",
                            "'" + r.required("dimension") + "' is none of "
                                    + String.join(", ", CapabilityProfile.DIMENSIONS));
                }
                Double w = r.optionalNumber("weight");
                if (w != null && !(w > 0)) {
                    throw r.problem("weight", "must be positive, got " + FieldChecks.show(w));
                }
                if (out.put(b, new CapabilityProfile.Placement(b, d, w == null ? 1 : w, "map " + name)) != null) {
                    throw r.problem("benchmark", "'" + b + "' is placed twice");
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no rows after the header");
        }
        return out;
    }

    public static List<CapabilityProfile.RefusalItem> refusals(Path file) {
        List<CapabilityProfile.RefusalItem> out = new ArrayList<>();
        UniqueKeys keys = new UniqueKeys();
        String name = TextInput.name(file);
        try (CsvTable t = CsvTable.open(file, List.of("model", "item_id", "should_refuse", "refused"), Set.of())) {
            for (CsvTable.Row r : t) {
                String model = r.required("model");
                String item = r.required("item_id");
                keys.add(name, r.line(), "model, item_id", model, item);
                out.add(new CapabilityProfile.RefusalItem(model, item, yes(r, "should_refuse"), yes(r, "refused")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no rows after the header");
        }
        return out;
    }

    private static boolean yes(CsvTable.Row r, String column) {
        String v = r.required(column).strip().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "1", "true", "yes", "y" -> true;
            case "0", "false", "no", "n" -> false;
            default -> throw r.problem(column, "'" + v + "' is not yes or no (1/0, true/false)");
        };
    }
}
