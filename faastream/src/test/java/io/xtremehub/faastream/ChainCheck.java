package io.xtremehub.faastream;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What breaks exactly-once in {@link ChainedSum}'s results ({@code value:chain:sum}, in the order
 * the output holds them): a value repeated or (once the input is complete) missing; a result whose
 * sum is not its chain's previous sum plus its value (an event counted twice or lost inside a
 * chain, a sum restored from the wrong epoch, results out of order); more chains than worker slots
 * (a slot's state lost); chains whose totals do not add up to the failure-free total.
 */
final class ChainCheck {
    private static final int MAX_LISTED = 10;

    private ChainCheck() {
    }

    /**
     * @param results the output in stream order
     * @param values  the input held 1..values; 0 while it is still being written (completeness and
     *                the total are then not checked)
     * @param slots   the number of worker slots: at most that many chains
     * @return the problems found, empty when the results are exactly-once
     */
    static List<String> violations(List<String> results, long values, int slots) {
        List<String> problems = new ArrayList<>();
        Map<Long, Integer> counts = new HashMap<>();
        Map<String, Long> chains = new LinkedHashMap<>();
        for (String r : results) {
            String[] p = r.split(":");
            if (p.length != 3) {
                add(problems, "result '" + r + "' is not value:chain:sum");
                continue;
            }
            long value = Long.parseLong(p[0]);
            long sum = Long.parseLong(p[2]);
            if (counts.merge(value, 1, Integer::sum) == 2) {
                add(problems, "value " + value + " appears more than once");
            }
            long previous = chains.getOrDefault(p[1], 0L);
            if (sum != previous + value) {
                add(problems, "chain " + p[1] + ": sum " + sum + " after " + previous + " does not add value " + value);
            }
            chains.put(p[1], sum);
        }
        if (chains.size() > slots) {
            add(problems, chains.size() + " chains for " + slots + " worker slots (a slot's state was lost): "
                    + chains.keySet());
        }
        if (values > 0) {
            for (long v = 1; v <= values; v++) {
                if (!counts.containsKey(v)) {
                    add(problems, "value " + v + " is missing");
                }
            }
            long total = chains.values().stream().mapToLong(Long::longValue).sum();
            if (total != values * (values + 1) / 2) {
                add(problems, "the chains end at " + total + " in all, the failure-free total is "
                        + values * (values + 1) / 2);
            }
        }
        return problems;
    }

    private static void add(List<String> problems, String problem) {
        if (problems.size() < MAX_LISTED) {
            problems.add(problem);
        }
    }
}
