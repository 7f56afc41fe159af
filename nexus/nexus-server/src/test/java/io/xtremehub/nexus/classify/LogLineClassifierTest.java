package io.xtremehub.nexus.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The semantic streamlet's model, judged on held-out generated lines: different seed and names the
 * training lines never used.
 */
class LogLineClassifierTest {
    private static final List<LabelledLine> HELD_OUT =
            new LogLineGenerator(7, LogLineGenerator.Vocabulary.HELD_OUT).lines(5_000);

    @Test
    void heldOutAccuracyBeatsTheThresholdAndTheMajorityClass() {
        NaiveBayesClassifier model = LogLineModel.get();
        double accuracy = model.accuracy(HELD_OUT);
        double majority = (double) HELD_OUT.stream().filter(l -> l.label().equals(LogLineGenerator.NORMAL)).count()
                / HELD_OUT.size();
        System.out.printf("semantic model: held-out accuracy %.4f on %d lines (majority class %.3f)%n",
                accuracy, HELD_OUT.size(), majority);
        assertTrue(majority < 0.8, "the held-out set is not dominated by one label: " + majority);
        assertTrue(accuracy >= 0.97, "held-out accuracy " + accuracy + ", per label " + recalls(model));
    }

    @Test
    void everyLabelIsRecognisedOnHeldOutLines() {
        Map<String, Double> recalls = recalls(LogLineModel.get());
        assertEquals(LogLineGenerator.LABELS.size(), recalls.size());
        recalls.forEach((label, recall) -> assertTrue(recall >= 0.9, label + " recall " + recall + " " + recalls));
    }

    @Test
    void aModelBlindToTheWordsFailsTheSameThreshold() {
        // two hash buckets: every feature collides, so the model can only follow the label priors
        NaiveBayesTrainer blind = new NaiveBayesTrainer(LogLineGenerator.LABELS, new TokenFeatures(2));
        new LogLineGenerator(LogLineModel.SEED, LogLineGenerator.Vocabulary.TRAINING).lines(5_000).forEach(blind::add);
        double accuracy = blind.train(1.0).accuracy(HELD_OUT);
        assertTrue(accuracy < 0.97, "a model without usable features scored " + accuracy);
    }

    @Test
    void trainingIsReproducible() {
        NaiveBayesClassifier a = LogLineModel.train(LogLineModel.SEED, 3_000);
        NaiveBayesClassifier b = LogLineModel.train(LogLineModel.SEED, 3_000);
        for (LabelledLine l : HELD_OUT.subList(0, 1_000)) {
            assertEquals(a.classify(l.line()), b.classify(l.line()), l.line());
        }
    }

    @Test
    void tokenShapesTellPersonalDataFromDatesAndAddresses() {
        assertEquals("9999-9999-9999-9999", TokenFeatures.shape("4111-1111-1111-1111"));
        assertEquals("999-99-9999", TokenFeatures.shape("123-45-6789"));
        assertEquals("9999-99-99", TokenFeatures.shape("2026-11-26"));
        assertEquals("aaaa.aaaa@aaaa.aaa", TokenFeatures.shape("maria.garcia@example.com"));
        assertEquals(List.of("email", "a@b.c", "user", "alice", "Bar.java:12"),
                List.of(TokenFeatures.tokens("email=a@b.c, user: alice (Bar.java:12).")));
    }

    @Test
    void badTrainingInputIsRefusedWithOneLine() {
        NaiveBayesTrainer trainer = new NaiveBayesTrainer(LogLineGenerator.LABELS, new TokenFeatures(1024));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> trainer.add(new LabelledLine("x", "spam")));
        assertEquals("label 'spam' is not one of [normal, auth, error, pii]", unknown.getMessage());
        trainer.add(new LabelledLine("all is well", LogLineGenerator.NORMAL));
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> trainer.train(1));
        assertEquals("no training line has label 'auth'", missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TokenFeatures(1000));
    }

    /** Per label, the share of its held-out lines the model gives that label. */
    private static Map<String, Double> recalls(NaiveBayesClassifier model) {
        Map<String, int[]> counts = new TreeMap<>();
        for (LabelledLine l : HELD_OUT) {
            int[] c = counts.computeIfAbsent(l.label(), k -> new int[2]);
            c[1]++;
            if (model.classify(l.line()).equals(l.label())) {
                c[0]++;
            }
        }
        Map<String, Double> out = new TreeMap<>();
        counts.forEach((label, c) -> out.put(label, (double) c[0] / c[1]));
        return out;
    }
}
