package io.xtremehub.benchmarks.batch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads WordCount output ({@code word count} lines) and compares it with the expected counts. */
final class WordCounts {
    private WordCounts() {
    }

    /** Adds the counts of the {@code word count} lines of {@code text}; a word seen twice is counted twice. */
    static void addLines(String text, Map<String, Long> counts) {
        text.lines().filter(l -> !l.isEmpty()).forEach(l -> {
            int sp = l.lastIndexOf(' ');
            counts.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)), Long::sum);
        });
    }

    /** The part files of a local output directory (Spark's). */
    static Map<String, Long> fromDirectory(Path dir) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        List<Path> parts;
        try (var files = Files.list(dir)) {
            parts = files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        for (Path p : parts) {
            addLines(Files.readString(p, StandardCharsets.UTF_8), counts);
        }
        return counts;
    }

    /** Null when equal, else a line saying how they differ. */
    static String difference(Map<String, Long> expected, Map<String, Long> actual) {
        if (expected.equals(actual)) {
            return null;
        }
        long missing = expected.keySet().stream().filter(k -> !actual.containsKey(k)).count();
        long extra = actual.keySet().stream().filter(k -> !expected.containsKey(k)).count();
        long wrong = expected.entrySet().stream()
                .filter(e -> actual.containsKey(e.getKey()) && !actual.get(e.getKey()).equals(e.getValue())).count();
        return missing + " words missing, " + extra + " unexpected, " + wrong + " with a wrong count";
    }
}
