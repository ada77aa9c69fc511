package dev.sextant.model.training;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How the best layout's step time moves with the bandwidth between nodes. A catalog GPU's network figure is one NIC per
 * GPU at its generation's rate (400 Gb/s for an H100, as in a DGX H100); many clusters give a GPU less (cloud instances
 * and older fabrics: 50–200 Gb/s), and a multi-node plan that assumes the catalog's figure is optimistic by as much as
 * its exposed data-parallel and pipeline traffic grows. So when a job spans nodes the planner says which bandwidth it
 * assumed and what the same layout's step would be at others, and asks for the cluster's own figure.
 *
 * @param gpuName     the GPU's name, for the sentence
 * @param gbpsPerGpu  the bandwidth per GPU across nodes the plan assumed, Gb/s
 * @param fromCatalog whether it is the GPU's catalog figure (the user gave none, or the same)
 * @param points      the best layout's step at other bandwidths, lowest first
 */
public record NetworkSensitivity(String gpuName, double gbpsPerGpu, boolean fromCatalog, List<Point> points) {

    /** Bandwidths per GPU across nodes the step is shown at, Gb/s: from a shared 100 GbE NIC to two 400G NICs. */
    static final double[] PROBES = {50, 100, 200, 400, 800};

    /**
     * @param gbpsPerGpu  the bandwidth, Gb/s per GPU
     * @param stepSeconds the best layout's step at it
     * @param change      against the plan's own step (0.2: 20 % longer)
     */
    public record Point(double gbpsPerGpu, double stepSeconds, double change) {}

    public NetworkSensitivity {
        points = List.copyOf(points);
    }

    /**
     * The best plan's layout costed at each probe bandwidth (the rest of the request unchanged); empty when the job fits
     * in one node, where the network carries nothing.
     */
    public static Optional<NetworkSensitivity> of(
            TrainingRequest request, TrainingPlan best, ComputeEfficiency efficiency) {
        if (request.gpus() <= request.gpusPerNode()) {
            return Optional.empty();
        }
        List<Point> points = new ArrayList<>();
        for (double gbps : PROBES) {
            if (Math.abs(gbps - request.interNodeGbps()) < 1e-9) {
                continue;
            }
            TrainingRequest other =
                    request.toBuilder().links(gbps, request.intraNodeGBs()).build();
            double step = other.planner(efficiency)
                    .plan(best.layout(), request.tokens())
                    .stepTimeSeconds();
            points.add(new Point(gbps, step, step / best.stepTimeSeconds() - 1));
        }
        boolean catalog = Math.abs(request.interNodeGbps() - request.gpu().networkGbps()) < 1e-9;
        return Optional.of(new NetworkSensitivity(request.gpu().name(), request.interNodeGbps(), catalog, points));
    }

    /**
     * In words: "Network: 400 Gb/s per GPU across nodes, the H100 SXM's catalog figure; this layout's step at 200 Gb/s
     * +6 %, at 100 Gb/s +18 %, at 50 Gb/s +41 %: give your cluster's figure."
     */
    public String sentence(String howToGive) {
        StringBuilder s =
                new StringBuilder(String.format(Locale.ROOT, "Network: %.0f Gb/s per GPU across nodes", gbpsPerGpu));
        s.append(fromCatalog ? ", the " + gpuName + "'s catalog figure" : ", as given");
        List<String> parts = new ArrayList<>();
        for (int i = points.size() - 1; i >= 0; i--) {
            Point p = points.get(i);
            if (p.gbpsPerGpu() < gbpsPerGpu) {
                parts.add(String.format(Locale.ROOT, "at %.0f Gb/s %+.0f %%", p.gbpsPerGpu(), 100 * p.change()));
            }
        }
        if (!parts.isEmpty()) {
            s.append("; this layout's step ").append(String.join(", ", parts));
        }
        if (fromCatalog) {
            s.append(": ").append(howToGive);
        }
        return s.append('.').toString();
    }
}
