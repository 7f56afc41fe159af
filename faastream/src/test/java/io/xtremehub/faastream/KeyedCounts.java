package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** A reducer that counts each key's events so far in {@link KeyedState}, and the check that those counts add up. */
final class KeyedCounts {
    private KeyedCounts() {
    }

    /** How a group and its key's count so far become one result. */
    @FunctionalInterface
    interface Format extends Serializable {
        String result(Group<String, String> group, long count);
    }

    static final class Reducer implements Transformer<Group<String, String>, String> {
        @State
        private final KeyedState<Long> count = new KeyedState<>();
        private final Format format;

        Reducer(Format format) {
            this.format = format;
        }

        @Override
        public String apply(Group<String, String> g) {
            long n = count.valueOr(0L) + g.values().size();
            count.update(n);
            return format.result(g, n);
        }
    }

    /** A result's count, and how many events its group held. */
    record Counted(long count, long events) {
    }

    /** Per key, ordered by count: each result's count must be the one before plus its group's events. */
    static List<String> violations(Map<String, List<Counted>> byKey) {
        List<String> problems = new ArrayList<>();
        byKey.forEach((key, results) -> {
            List<Counted> ordered = new ArrayList<>(results);
            ordered.sort(Comparator.comparingLong(Counted::count));
            long total = 0;
            for (Counted c : ordered) {
                total += c.events();
                if (c.count() != total) {
                    problems.add("key " + key + " counts " + c.count() + " after events that add up to " + total);
                    return;
                }
            }
        });
        return problems;
    }
}
