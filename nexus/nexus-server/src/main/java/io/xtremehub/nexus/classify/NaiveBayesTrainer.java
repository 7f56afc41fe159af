package io.xtremehub.nexus.classify;

import java.util.List;

/**
 * Counts features per label over labelled lines and turns the counts into a
 * {@link NaiveBayesClassifier} with additive (Laplace) smoothing, so a feature never seen with a
 * label lowers its score instead of ruling it out.
 */
public final class NaiveBayesTrainer {
    private final List<String> labels;
    private final TokenFeatures features;
    private final long[] lines;
    private final long[][] counts;
    private final long[] totals;

    /**
     * @param labels the labels to learn, in the order the model reports them
     * @param features how lines become features
     */
    public NaiveBayesTrainer(List<String> labels, TokenFeatures features) {
        if (labels.size() < 2 || labels.stream().distinct().count() != labels.size()) {
            throw new IllegalArgumentException("a classifier needs at least two distinct labels, got " + labels);
        }
        this.labels = List.copyOf(labels);
        this.features = features;
        this.lines = new long[labels.size()];
        this.counts = new long[labels.size()][features.dimensions()];
        this.totals = new long[labels.size()];
    }

    /** Learns from one labelled line. */
    public void add(LabelledLine example) {
        int label = labels.indexOf(example.label());
        if (label < 0) {
            throw new IllegalArgumentException("label '" + example.label() + "' is not one of " + labels);
        }
        lines[label]++;
        for (int f : features.of(example.line())) {
            counts[label][f]++;
            totals[label]++;
        }
    }

    /**
     * The model learnt so far.
     *
     * @param alpha additive smoothing per feature, > 0
     * @throws IllegalStateException if a label has no line
     */
    public NaiveBayesClassifier train(double alpha) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("smoothing alpha must be > 0, got " + alpha);
        }
        long all = 0;
        for (int i = 0; i < labels.size(); i++) {
            if (lines[i] == 0) {
                throw new IllegalStateException("no training line has label '" + labels.get(i) + "'");
            }
            all += lines[i];
        }
        int d = features.dimensions();
        double[] logPriors = new double[labels.size()];
        int n = labels.size();
        float[] logLikelihoods = new float[d * n];
        for (int i = 0; i < n; i++) {
            logPriors[i] = Math.log((double) lines[i] / all);
            double denominator = Math.log(totals[i] + alpha * d);
            for (int f = 0; f < d; f++) {
                logLikelihoods[f * n + i] = (float) (Math.log(counts[i][f] + alpha) - denominator);
            }
        }
        return new NaiveBayesClassifier(labels, features, logPriors, logLikelihoods);
    }
}
