package dev.sextant.model.gate;

/**
 * Evidence for one metric of one layer, candidate against incumbent: per-item (or per-request) values of each — aligned
 * by item for paired tests — or blind battle outcomes. Evidence from a layer of low credibility (a contaminated
 * benchmark, a stale private suite) names why, and is down-weighted.
 *
 * @param lowCredibility why this evidence is weak, or null
 * @param source         where it came from (a file, a suite rotation), shown with the reasons
 */
public record GateEvidence(
        GatePolicy.Layer layer,
        String metric,
        double[] candidate,
        double[] incumbent,
        int wins,
        int losses,
        int ties,
        String lowCredibility,
        String source) {

    public static GateEvidence values(
            GatePolicy.Layer layer, String metric, double[] candidate, double[] incumbent, String source) {
        return new GateEvidence(layer, metric, candidate, incumbent, 0, 0, 0, null, source);
    }

    public static GateEvidence battles(String metric, int wins, int losses, int ties, String source) {
        return new GateEvidence(
                GatePolicy.Layer.PAIRWISE, metric, new double[0], new double[0], wins, losses, ties, null, source);
    }

    public GateEvidence withLowCredibility(String why) {
        return new GateEvidence(layer, metric, candidate, incumbent, wins, losses, ties, why, source);
    }

    public int battleCount() {
        return wins + losses + ties;
    }
}
