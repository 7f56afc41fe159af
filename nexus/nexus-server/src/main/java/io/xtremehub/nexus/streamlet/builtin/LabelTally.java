package io.xtremehub.nexus.streamlet.builtin;

import java.util.List;

/**
 * How many records of a chunk got each label, written as {@code auth=3,error=0,normal=997,pii=1}
 * (labels in the model's order): the form it takes in the streamlet context, which is where it
 * lives between the records of one chunk and is then stored as a label of the chunk.
 */
final class LabelTally {
    private final List<String> labels;
    private final long[] counts;

    private LabelTally(List<String> labels, long[] counts) {
        this.labels = labels;
        this.counts = counts;
    }

    /** No record counted yet. */
    static LabelTally empty(List<String> labels) {
        return new LabelTally(labels, new long[labels.size()]);
    }

    /** Reads what {@link #toString()} wrote for the same labels. */
    static LabelTally parse(List<String> labels, String text) {
        long[] counts = new long[labels.size()];
        String[] parts = text.split(",");
        if (parts.length != labels.size()) {
            throw new IllegalStateException("label counts '" + text + "' do not list the labels " + labels);
        }
        for (int i = 0; i < parts.length; i++) {
            String expected = labels.get(i) + "=";
            if (!parts[i].startsWith(expected)) {
                throw new IllegalStateException("label counts '" + text + "' do not list the labels " + labels);
            }
            counts[i] = Long.parseLong(parts[i].substring(expected.length()));
        }
        return new LabelTally(labels, counts);
    }

    /** Counts one more record with the label at this position. */
    LabelTally add(int label) {
        counts[label]++;
        return this;
    }

    /** Records counted. */
    long total() {
        long sum = 0;
        for (long c : counts) {
            sum += c;
        }
        return sum;
    }

    /** Records with one of these labels. */
    long countOf(java.util.Collection<String> some) {
        long sum = 0;
        for (int i = 0; i < counts.length; i++) {
            if (some.contains(labels.get(i))) {
                sum += counts[i];
            }
        }
        return sum;
    }

    /** The label other than {@code ordinary} with the most records, or {@code ordinary} if there is none. */
    String mostFrequentBesides(String ordinary) {
        String best = ordinary;
        long bestCount = 0;
        for (int i = 0; i < counts.length; i++) {
            if (!labels.get(i).equals(ordinary) && counts[i] > bestCount) {
                best = labels.get(i);
                bestCount = counts[i];
            }
        }
        return best;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(labels.get(i)).append('=').append(counts[i]);
        }
        return sb.toString();
    }
}
