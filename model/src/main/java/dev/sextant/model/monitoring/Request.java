package dev.sextant.model.monitoring;

import java.util.Map;

/**
 * One request as production logged it. Numbers a log leaves out are NaN; {@code error} and {@code refusal} are false
 * when not logged.
 *
 * @param id         the request's id (a trace without ids gets "line N" of its file)
 * @param epochMillis when it arrived, milliseconds since the epoch, UTC
 * @param segments   its category columns by name (model, version, route, and any other the user groups by)
 * @param proxies    quality proxies by name (rating, thumbs, a judge score), numbers
 * @param prompt     the prompt's text where the log keeps it (null where not): what a feedback rotation is made of
 */
public record Request(
        String id,
        long epochMillis,
        Map<String, String> segments,
        double inputTokens,
        double outputTokens,
        double ttftMs,
        double latencyMs,
        boolean error,
        String status,
        String finishReason,
        boolean refusal,
        Map<String, Double> proxies,
        String prompt) {

    /** A request whose log keeps no prompt text. */
    public Request(
            String id,
            long epochMillis,
            Map<String, String> segments,
            double inputTokens,
            double outputTokens,
            double ttftMs,
            double latencyMs,
            boolean error,
            String status,
            String finishReason,
            boolean refusal,
            Map<String, Double> proxies) {
        this(
                id,
                epochMillis,
                segments,
                inputTokens,
                outputTokens,
                ttftMs,
                latencyMs,
                error,
                status,
                finishReason,
                refusal,
                proxies,
                null);
    }
}
