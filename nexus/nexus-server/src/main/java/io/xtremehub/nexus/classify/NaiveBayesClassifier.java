package io.xtremehub.nexus.classify;

import java.util.List;

/**
 * A trained multinomial naive Bayes model over {@link TokenFeatures}: picks the label whose prior
 * and per-feature likelihoods best explain a line's features. Immutable, so one model serves every
 * streamlet instance and request at once.
 */
public final class NaiveBayesClassifier {
    private final List<String> labels;
    private final TokenFeatures features;
    private final double[] logPriors;
    // feature-major (feature f's likelihoods for every label side by side): a feature costs one cache line
    private final float[] logLikelihoods;

    /**
     * @param logLikelihoods log P(feature | label) at {@code feature * labels + label}
     */
    NaiveBayesClassifier(List<String> labels, TokenFeatures features, double[] logPriors, float[] logLikelihoods) {
        this.labels = List.copyOf(labels);
        this.features = features;
        this.logPriors = logPriors.clone();
        this.logLikelihoods = logLikelihoods;
    }

    /** The labels it tells apart, in a fixed order. */
    public List<String> labels() {
        return labels;
    }

    /** The position in {@link #labels()} of the most likely label of a line. */
    public int classifyIndex(String line) {
        int n = labels.size();
        double[] scores = logPriors.clone();
        for (int f : features.of(line)) {
            int base = f * n;
            for (int label = 0; label < n; label++) {
                scores[label] += logLikelihoods[base + label];
            }
        }
        int best = 0;
        for (int label = 1; label < n; label++) {
            if (scores[label] > scores[best]) {
                best = label;
            }
        }
        return best;
    }

    /** The most likely label of a line. */
    public String classify(String line) {
        return labels.get(classifyIndex(line));
    }

    /** The share of lines whose predicted label is their given label. */
    public double accuracy(List<LabelledLine> lines) {
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("accuracy needs at least one line");
        }
        long right = lines.stream().filter(l -> classify(l.line()).equals(l.label())).count();
        return (double) right / lines.size();
    }
}
