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
    private final float[][] logLikelihoods;

    NaiveBayesClassifier(List<String> labels, TokenFeatures features, double[] logPriors, float[][] logLikelihoods) {
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
        int[] indexes = features.of(line);
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int label = 0; label < labels.size(); label++) {
            double score = logPriors[label];
            float[] likelihood = logLikelihoods[label];
            for (int f : indexes) {
                score += likelihood[f];
            }
            if (score > bestScore) {
                bestScore = score;
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
