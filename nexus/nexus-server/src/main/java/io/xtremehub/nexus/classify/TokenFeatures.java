package io.xtremehub.nexus.classify;

import java.util.Arrays;
import java.util.Locale;

/**
 * Turns a log line into hashed feature indexes: each token lower-cased, each pair of neighbouring
 * tokens, and each token's shape (letters as {@code a}, digits as {@code 9}, runs capped at four,
 * so {@code 4111-1111-1111-1111} and {@code alice@corp.example} are told apart from a date or an IP
 * address without any list of patterns). Hashing keeps the model a fixed size whatever the
 * vocabulary; an index repeats once per occurrence, as a multinomial model counts.
 */
public final class TokenFeatures {
    /** Tokens looked at per line: bounds the work a very long line costs. */
    static final int MAX_TOKENS = 256;
    private static final int WORD = 0x57;
    private static final int PAIR = 0x50;
    private static final int SHAPE = 0x53;

    private final int dimensions;

    /**
     * @param dimensions number of hash buckets, a power of two
     */
    public TokenFeatures(int dimensions) {
        if (dimensions < 2 || Integer.bitCount(dimensions) != 1) {
            throw new IllegalArgumentException("feature dimensions must be a power of two >= 2, got " + dimensions);
        }
        this.dimensions = dimensions;
    }

    /** Number of hash buckets. */
    public int dimensions() {
        return dimensions;
    }

    /** The feature indexes of a line, one per occurrence. */
    public int[] of(String line) {
        String[] tokens = tokens(line);
        int[] out = new int[tokens.length * 3];
        int n = 0;
        String previous = null;
        for (String token : tokens) {
            String word = token.toLowerCase(Locale.ROOT);
            out[n++] = index(WORD, word.hashCode());
            out[n++] = index(SHAPE, shape(token).hashCode());
            if (previous != null) {
                out[n++] = index(PAIR, previous.hashCode() * 31 + word.hashCode());
            }
            previous = word;
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private int index(int kind, int hash) {
        int h = hash * 0x9E3779B1 + kind;
        h ^= h >>> 16; // murmur3's finalizer: spreads String.hashCode's low bits over the buckets
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h & (dimensions - 1);
    }

    /** Splits on white space and on the punctuation that separates fields in log lines. */
    static String[] tokens(String line) {
        String[] out = new String[Math.min(MAX_TOKENS, line.length() / 2 + 1)];
        int n = 0;
        int start = -1;
        for (int i = 0; i <= line.length() && n < out.length; i++) {
            boolean separator = i == line.length() || isSeparator(line.charAt(i));
            if (!separator && start < 0) {
                start = i;
            } else if (separator && start >= 0) {
                String token = trimTrailing(line.substring(start, i));
                if (!token.isEmpty()) {
                    out[n++] = token;
                }
                start = -1;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static boolean isSeparator(char c) {
        return Character.isWhitespace(c) || "=,()[]{}\"';<>|".indexOf(c) >= 0;
    }

    private static String trimTrailing(String token) {
        int end = token.length();
        while (end > 0 && (token.charAt(end - 1) == ':' || token.charAt(end - 1) == '.')) {
            end--;
        }
        return token.substring(0, end);
    }

    /** Letters become {@code a}, digits {@code 9}, anything else stays; a run of one class keeps at most four. */
    static String shape(String token) {
        StringBuilder sb = new StringBuilder(Math.min(token.length(), 32));
        char last = 0;
        int run = 0;
        for (int i = 0; i < token.length() && sb.length() < 32; i++) {
            char c = token.charAt(i);
            char s = Character.isLetter(c) ? 'a' : Character.isDigit(c) ? '9' : c;
            run = s == last ? run + 1 : 1;
            last = s;
            if (run <= 4) {
                sb.append(s);
            }
        }
        return sb.toString();
    }
}
