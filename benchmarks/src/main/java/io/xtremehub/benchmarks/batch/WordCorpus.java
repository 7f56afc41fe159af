package io.xtremehub.benchmarks.batch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The WordCount input: words drawn from a Zipf distribution (exponent 1) over a fixed vocabulary of
 * distinct lower-case words, ten to a line, spread over a few text files. Seeded, so every run
 * writes the same bytes; the expected counts come out of the generation itself.
 */
final class WordCorpus {
    static final int WORDS_PER_LINE = 10;

    private WordCorpus() {
    }

    /** The generated files' expected result: count per word. */
    record Expected(Map<String, Long> counts, long bytes) {
    }

    static Expected write(Path dir, long words, int distinct, int files, long seed) throws IOException {
        Files.createDirectories(dir);
        SplittableRandom rnd = new SplittableRandom(seed);
        String[] vocabulary = vocabulary(distinct, rnd);
        double[] cdf = zipfCdf(distinct);
        Map<String, Long> counts = new HashMap<>();
        long perFile = (words + files - 1) / files;
        long written = 0;
        long bytes = 0;
        for (int f = 0; f < files; f++) {
            Path file = dir.resolve(String.format("words-%02d.txt", f));
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
                long inFile = 0;
                while (inFile < perFile && written < words) {
                    String word = vocabulary[rank(cdf, rnd.nextDouble())];
                    counts.merge(word, 1L, Long::sum);
                    inFile++;
                    written++;
                    boolean endOfLine = inFile % WORDS_PER_LINE == 0 || inFile == perFile || written == words;
                    w.write(word);
                    w.write(endOfLine ? '\n' : ' ');
                }
            }
            bytes += Files.size(file);
        }
        return new Expected(counts, bytes);
    }

    /** Distinct words of 3 to 10 letters. */
    private static String[] vocabulary(int distinct, SplittableRandom rnd) {
        Set<String> seen = new HashSet<>();
        String[] out = new String[distinct];
        int n = 0;
        char[] buf = new char[10];
        while (n < distinct) {
            int len = 3 + rnd.nextInt(8);
            for (int i = 0; i < len; i++) {
                buf[i] = (char) ('a' + rnd.nextInt(26));
            }
            String w = new String(buf, 0, len);
            if (seen.add(w)) {
                out[n++] = w;
            }
        }
        return out;
    }

    private static double[] zipfCdf(int n) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int k = 1; k <= n; k++) {
            sum += 1.0 / k;
            cdf[k - 1] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
        return cdf;
    }

    private static int rank(double[] cdf, double u) {
        int i = Arrays.binarySearch(cdf, u);
        return Math.min(cdf.length - 1, i >= 0 ? i : -i - 1);
    }
}
