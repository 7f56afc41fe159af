package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.Deserializer;
import io.xtremehub.nexus.api.EventStreamlet;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.Persistent;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import io.xtremehub.nexus.classify.LogLineGenerator;
import io.xtremehub.nexus.classify.LogLineModel;
import io.xtremehub.nexus.classify.NaiveBayesClassifier;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Labels each chunk by classifying its records (UTF-8 lines) with a small naive Bayes model over
 * hashed word and token-shape features ({@link LogLineModel}: trained in process from generated log
 * lines with a fixed seed, no download), and stores flagged chunks in a private bucket instead of
 * the policy's default output.
 *
 * <p>Labels: {@code normal}, {@code auth} (authentication/authorization failures), {@code error}
 * (errors and stack-trace lines) and {@code pii} (card numbers, e-mail addresses, phone and id
 * numbers, addresses). A chunk is flagged when at least one record has one of the {@code flagLabels}
 * and those records make at least {@code minFraction} of its records. Parameters:
 * <ul>
 *   <li>{@code bucket} (required): the private bucket; it must be one of the policy's output buckets;</li>
 *   <li>{@code flagLabels} (default {@code auth,pii}): comma-separated labels that flag a chunk;</li>
 *   <li>{@code minFraction} (default {@code 0.01}): in (0, 1].</li>
 * </ul>
 * Unknown parameters are refused. Every chunk gets the context labels (stored with it as read-only
 * tags {@code nexus:<key>}) {@code semantic.counts} (records per label, e.g.
 * {@code normal=990,auth=6,error=4,pii=0}), {@code semantic.label} (the label besides normal with
 * the most records, else {@code normal}) and {@code semantic.flagged}; a routed one also
 * {@code semantic.routed-to}.
 *
 * <p>Its {@link Persistent} map {@code routed} records, per stream partition, the last 1,000
 * chunk keys it stored privately and the bucket each went to. A chunk key in it
 * stays private when it is written again, even if the new content alone would not be flagged: once a
 * chunk held sensitive records, a rewrite does not expose it (nor leave a stale private copy behind a
 * public one). GETs and DELETEs
 * of routed chunks are served from where they went through the routing stub Nexus leaves under the
 * addressed key, byte for byte. The map is kept per partition, so it persists for the pravega,
 * kafka and pulsar key layouts; under {@code generic} (no partition) it lives in memory only.
 *
 * <p>Policy example ({@code nexus serve} YAML):
 * <pre>
 * - name: lts-semantic
 *   system: pravega
 *   bucket: pravega-lts
 *   pipeline:
 *     - name: semantic-router
 *       parameters: {bucket: pravega-lts-private, flagLabels: "auth,pii", minFraction: "0.02"}
 *     - name: zstd
 *   outputBuckets: [pravega-lts, pravega-lts-private]
 * </pre>
 * It runs on the CPU and declares no hardware: classifying a line costs a few hash lookups per
 * token. A GPU model would be another streamlet class whose descriptor declares
 * {@code hardware = "gpu"}.
 */
@StreamletInfo(name = "semantic-router", on = Operation.PUT, type = StreamletType.SEMANTIC, stateful = true)
public final class SemanticRoutingStreamlet implements EventStreamlet<String> {
    static final String COUNTS = "semantic.counts";
    static final String LABEL = "semantic.label";
    static final String FLAGGED = "semantic.flagged";
    static final String ROUTED_TO = "semantic.routed-to";
    private static final String NAME = "semantic-router";

    /**
     * Chunks remembered per partition. The whole map is written to the metadata store after every
     * chunk, so it is bounded; the oldest are forgotten first, and tiered chunks are rarely rewritten
     * long after they were first stored.
     */
    static final int REMEMBERED = 1_000;

    /** Chunk key -> bucket it was stored in, for the chunks this streamlet routed (per partition), oldest first. */
    @Persistent
    private LinkedHashMap<String, String> routed = new LinkedHashMap<>();

    private NaiveBayesClassifier model;
    private List<String> labels;
    private String bucket;
    private Set<String> flagLabels;
    private double minFraction;

    @Override
    public void configure(Map<String, String> parameters) {
        Params.onlyKnown(parameters, NAME, Set.of("bucket", "flagLabels", "minFraction"));
        bucket = Params.required(parameters, "bucket", NAME);
        minFraction = Params.fraction(parameters, "minFraction", 0.01);
        flagLabels = new LinkedHashSet<>();
        for (String label : parameters.getOrDefault("flagLabels", "auth,pii").split(",")) {
            String l = label.trim();
            if (!LogLineGenerator.LABELS.contains(l) || l.equals(LogLineGenerator.NORMAL)) {
                throw new IllegalArgumentException("parameter flagLabels has unknown label '" + l + "'; use some of "
                        + LogLineGenerator.LABELS.subList(1, LogLineGenerator.LABELS.size()));
            }
            flagLabels.add(l);
        }
        model = LogLineModel.get();
        labels = model.labels();
    }

    @Override
    public Deserializer<String> deserializer() {
        return new LineDeserializer();
    }

    @Override
    public void processPutRecord(String record, StreamletContext context) {
        if (record.isBlank()) {
            return;
        }
        LabelTally tally = context.get(COUNTS).map(t -> LabelTally.parse(labels, t))
                .orElseGet(() -> LabelTally.empty(labels));
        context.put(COUNTS, tally.add(model.classifyIndex(record)).toString());
    }

    @Override
    public void endPutChunk(StreamletContext context) {
        LabelTally tally = context.get(COUNTS).map(t -> LabelTally.parse(labels, t))
                .orElseGet(() -> LabelTally.empty(labels));
        context.put(COUNTS, tally.toString());
        long flaggedRecords = tally.countOf(flagLabels);
        boolean flagged = flaggedRecords > 0 && flaggedRecords >= minFraction * tally.total();
        context.put(LABEL, tally.mostFrequentBesides(LogLineGenerator.NORMAL));
        context.put(FLAGGED, Boolean.toString(flagged));
        String key = context.object().key();
        if (flagged || wasRouted(key)) {
            context.routeTo(bucket);
            context.put(ROUTED_TO, bucket);
            context.onCommit(() -> remember(key, bucket));
        }
    }

    // a policy without partitions shares one instance between concurrent requests: guard the map
    synchronized boolean wasRouted(String key) {
        return routed.containsKey(key);
    }

    synchronized void remember(String key, String target) {
        routed.remove(key); // re-inserted as the newest
        routed.put(key, target);
        Iterator<String> oldest = routed.keySet().iterator();
        while (routed.size() > REMEMBERED) {
            oldest.next();
            oldest.remove();
        }
    }
}
