package dev.sextant.model.serving;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The Serving area's demo content: a chat assistant on Llama 3 70B with four H100s a replica, a weekday's traffic
 * shaped like a business-hours chat service (a night trough at a tenth of the afternoon peak), and the levers a team
 * would weigh (speculative decoding with a small draft, Llama 3 8B for the simple 40 % of requests). The price per
 * GPU-hour is illustrative. Nine requests in ten start with the assistant's 640-token system prompt (prefix caching). The study is worked out by the planner when the demo is seeded.
 */
public final class DemoServingData {

    public static final String NAME = "Chat assistant: Llama 3 70B on 4 × H100 a replica";

    /** Requests per second by hour of a weekday, 00:00 to 23:00. */
    static final double[] HOURLY = {
        3, 2, 1.5, 1.2, 1.2, 1.5, 2.5, 5, 10, 16, 20, 22, 22, 23, 24, 23, 21, 18, 14, 11, 9, 7, 5, 4
    };

    private DemoServingData() {}

    public static ServingPlanRequest request() {
        ServingSpec spec = new ServingSpec(
                ModelCatalog.get("llama-3-70b"),
                GpuCatalog.get("h100-sxm"),
                4,
                1,
                WeightFormat.BF16,
                false,
                8192,
                256,
                2048,
                0.9,
                16,
                null,
                null,
                null);
        List<Capacity.Window> day = new ArrayList<>();
        for (int h = 0; h < 24; h++) {
            day.add(new Capacity.Window(h, 1, HOURLY[h]));
        }
        return new ServingPlanRequest(
                spec,
                true,
                "lognormal:1200:800",
                "lognormal:250:150",
                1.0,
                0.06,
                1,
                4,
                day,
                0.2,
                10,
                2.5,
                new BatchingSimulator.Speculation(0.7, 4, 0.1),
                ModelCatalog.get("llama-3-8b"),
                0.4,
                640,
                0.9,
                null);
    }

    /** The demo request's study, worked out once per process (it is a pure function of constant inputs). */
    private static volatile ServingAnalysis demoStudy;

    /** The study of {@link #request()}: seeded into every new default workspace, so kept once worked out. */
    public static ServingAnalysis demoStudy() {
        ServingAnalysis s = demoStudy;
        if (s == null) {
            s = study(request());
            demoStudy = s;
        }
        return s;
    }

    public static ServingAnalysis study(ServingPlanRequest r) {
        return ServingAnalysis.run(
                r,
                LengthDistribution.parse("serving.promptTokens", r.promptTokens()),
                LengthDistribution.parse("serving.outputTokens", r.outputTokens()),
                ProgressListener.NONE,
                CancellationToken.none());
    }
}
