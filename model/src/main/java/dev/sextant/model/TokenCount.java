package dev.sextant.model;

/**
 * The one way a token count is read, wherever one is typed (a training budget, a mixture budget): a number, with or
 * without a K, M, B or T suffix (thousands to trillions), underscores and commas allowed: 2e12, 300B, 1.5T, 5M.
 */
public final class TokenCount {

    private TokenCount() {}

    /** @param key the input's key, named in the error; @param label how the user knows the input */
    public static long parse(String key, String label, String text) {
        String v = text == null ? "" : text.strip().replace("_", "").replace(",", "");
        InputError.require(!v.isEmpty(), key, label + ": give a number of tokens, e.g. 2e12, 300B or 1.5T");
        double mult = 1;
        int unit = "KMBT".indexOf(Character.toUpperCase(v.charAt(v.length() - 1)));
        if (unit >= 0) {
            mult = Math.pow(1000, unit + 1);
            v = v.substring(0, v.length() - 1);
        }
        double d;
        try {
            d = Double.parseDouble(v) * mult;
        } catch (NumberFormatException e) {
            throw new InputError(
                    key, label + ": expected a number of tokens (e.g. 2e12, 300B, 1.5T), got '" + text.strip() + "'");
        }
        InputError.require(
                d >= 1 && d <= 1e18, key, label + ": must be a positive number of tokens, got '" + text.strip() + "'");
        return Math.round(d);
    }
}
