package io.xtremehub.nexus.classify;

/**
 * The log-line classifier the built-in semantic streamlet uses. It is trained in process, on first
 * use, from {@value #TRAINING_LINES} lines of {@link LogLineGenerator} with a fixed seed: every worker
 * builds the same model (the generator and {@link java.util.Random} are deterministic), without a
 * model file or a download, in well under a second. Training once per JVM matters because a
 * stateful streamlet is instantiated per stream partition.
 */
public final class LogLineModel {
    /** Seed of the training lines. */
    public static final long SEED = 20_261_126L;
    /** Number of training lines. */
    public static final int TRAINING_LINES = 20_000;
    /** Hash buckets of the features: 4 labels x 65,536 floats, 1 MiB. */
    public static final int DIMENSIONS = 1 << 16;

    private LogLineModel() {
    }

    /** The model, trained on first call. */
    public static NaiveBayesClassifier get() {
        return Holder.MODEL;
    }

    /** Trains a model on {@code lines} generated training lines of the given seed. */
    public static NaiveBayesClassifier train(long seed, int lines) {
        NaiveBayesTrainer trainer = new NaiveBayesTrainer(LogLineGenerator.LABELS, new TokenFeatures(DIMENSIONS));
        new LogLineGenerator(seed, LogLineGenerator.Vocabulary.TRAINING).lines(lines).forEach(trainer::add);
        return trainer.train(1.0);
    }

    /** Lazily trained, once, thread-safely (class initialization). */
    private static final class Holder {
        static final NaiveBayesClassifier MODEL = train(SEED, TRAINING_LINES);
    }
}
