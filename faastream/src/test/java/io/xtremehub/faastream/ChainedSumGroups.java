package io.xtremehub.faastream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A map and a reduce stage, exactly-once: {@link ChainedSum} on two workers, then its results grouped
 * by value modulo {@value #KEYS} in processing-time windows on two reducers, one line per window and key
 * ({@code k3=10:chain:sum,17:chain:sum}). In a class of its own, without test-kit types, so that a
 * Lambda deployment package with the test classes can load the pipeline's functions.
 */
final class ChainedSumGroups {
    static final int KEYS = 5;

    private ChainedSumGroups() {
    }

    static Pipeline<String> pipeline(String in, String out) {
        return Pipeline.fromStream(in, Serializers.utf8())
                .map(new ChainedSum(), Serializers.utf8()).parallelism(2).named("sum")
                .reduce(ChainedSumGroups::keyOf, g -> g.key() + "=" + String.join(",", g.values()), Serializers.utf8())
                .parallelism(2).named("group")
                .writeToStream(out);
    }

    static JobOptions options(Duration window) {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).scalingPolicy(ScalingPolicy.fixed(2))
                .transactionWindow(Duration.ofMillis(500)).window(window).name("chained-sum-groups").build();
    }

    static String keyOf(String sumResult) {
        return "k" + Long.parseLong(sumResult.substring(0, sumResult.indexOf(':'))) % KEYS;
    }

    /**
     * The map's results inside the window lines, each chain's in the order of its sums (the reduce
     * regroups them, so the output order says nothing), ready for {@link ChainCheck}. A result filed
     * under the wrong key is returned as it is, which ChainCheck reports as malformed.
     */
    static List<String> sumResults(List<String> windows) {
        List<String> results = new ArrayList<>();
        for (String w : windows) {
            String key = w.substring(0, w.indexOf('='));
            for (String r : w.substring(w.indexOf('=') + 1).split(",")) {
                results.add(keyOf(r).equals(key) ? r : "under " + key + ": " + r);
            }
        }
        results.sort(Comparator.comparing((String r) -> r.split(":").length == 3 ? r.split(":")[1] : "")
                .thenComparingLong(r -> r.split(":").length == 3 ? Long.parseLong(r.split(":")[2]) : 0));
        return results;
    }
}
