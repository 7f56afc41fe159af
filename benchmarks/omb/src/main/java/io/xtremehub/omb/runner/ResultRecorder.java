package io.xtremehub.omb.runner;

import io.xtremehub.omb.result.TestResult;
import io.xtremehub.omb.workload.Workload;
import java.util.Map;

/** Fills an OMB {@link TestResult}: one entry per sample, then the aggregates at the end. */
final class ResultRecorder {
    private final TestResult result = new TestResult();

    ResultRecorder(Workload w, String driver, int messageSize) {
        result.workload = w.name();
        result.driver = driver;
        result.messageSize = messageSize;
        result.topics = w.topics();
        result.partitions = w.partitionsPerTopic();
        result.producersPerTopic = w.producersPerTopic();
        result.consumersPerTopic = w.subscriptionsPerTopic() * w.consumerPerSubscription();
    }

    void add(RunStats.Sample s) {
        result.publishRate.add(s.publishRate());
        result.publishErrorRate.add(s.errorRate());
        result.consumeRate.add(s.consumeRate());
        result.backlog.add(s.backlog());

        LatencySummary pub = LatencySummary.of(s.publish());
        result.publishLatencyAvg.add(pub.avg() / 1000);
        result.publishLatency50pct.add(LatencySummary.millis(pub.p50()));
        result.publishLatency75pct.add(LatencySummary.millis(pub.p75()));
        result.publishLatency95pct.add(LatencySummary.millis(pub.p95()));
        result.publishLatency99pct.add(LatencySummary.millis(pub.p99()));
        result.publishLatency999pct.add(LatencySummary.millis(pub.p999()));
        result.publishLatency9999pct.add(LatencySummary.millis(pub.p9999()));
        result.publishLatencyMax.add(LatencySummary.millis(pub.max()));

        LatencySummary delay = LatencySummary.of(s.delay());
        result.publishDelayLatencyAvg.add(delay.avg());
        result.publishDelayLatency50pct.add(delay.p50());
        result.publishDelayLatency75pct.add(delay.p75());
        result.publishDelayLatency95pct.add(delay.p95());
        result.publishDelayLatency99pct.add(delay.p99());
        result.publishDelayLatency999pct.add(delay.p999());
        result.publishDelayLatency9999pct.add(delay.p9999());
        result.publishDelayLatencyMax.add(delay.max());

        LatencySummary e2e = LatencySummary.of(s.endToEnd());
        result.endToEndLatencyAvg.add(e2e.avg() / 1000);
        result.endToEndLatency50pct.add(LatencySummary.millis(e2e.p50()));
        result.endToEndLatency75pct.add(LatencySummary.millis(e2e.p75()));
        result.endToEndLatency95pct.add(LatencySummary.millis(e2e.p95()));
        result.endToEndLatency99pct.add(LatencySummary.millis(e2e.p99()));
        result.endToEndLatency999pct.add(LatencySummary.millis(e2e.p999()));
        result.endToEndLatency9999pct.add(LatencySummary.millis(e2e.p9999()));
        result.endToEndLatencyMax.add(LatencySummary.millis(e2e.max()));
    }

    TestResult finish(RunStats stats) {
        LatencySummary pub = LatencySummary.of(stats.allPublish());
        result.aggregatedPublishLatencyAvg = pub.avg() / 1000;
        result.aggregatedPublishLatency50pct = LatencySummary.millis(pub.p50());
        result.aggregatedPublishLatency75pct = LatencySummary.millis(pub.p75());
        result.aggregatedPublishLatency95pct = LatencySummary.millis(pub.p95());
        result.aggregatedPublishLatency99pct = LatencySummary.millis(pub.p99());
        result.aggregatedPublishLatency999pct = LatencySummary.millis(pub.p999());
        result.aggregatedPublishLatency9999pct = LatencySummary.millis(pub.p9999());
        result.aggregatedPublishLatencyMax = LatencySummary.millis(pub.max());
        putMillis(result.aggregatedPublishLatencyQuantiles, LatencySummary.quantiles(stats.allPublish()));

        LatencySummary delay = LatencySummary.of(stats.allDelay());
        result.aggregatedPublishDelayLatencyAvg = delay.avg();
        result.aggregatedPublishDelayLatency50pct = delay.p50();
        result.aggregatedPublishDelayLatency75pct = delay.p75();
        result.aggregatedPublishDelayLatency95pct = delay.p95();
        result.aggregatedPublishDelayLatency99pct = delay.p99();
        result.aggregatedPublishDelayLatency999pct = delay.p999();
        result.aggregatedPublishDelayLatency9999pct = delay.p9999();
        result.aggregatedPublishDelayLatencyMax = delay.max();
        result.aggregatedPublishDelayLatencyQuantiles.putAll(LatencySummary.quantiles(stats.allDelay()));

        LatencySummary e2e = LatencySummary.of(stats.allEndToEnd());
        result.aggregatedEndToEndLatencyAvg = e2e.avg() / 1000;
        result.aggregatedEndToEndLatency50pct = LatencySummary.millis(e2e.p50());
        result.aggregatedEndToEndLatency75pct = LatencySummary.millis(e2e.p75());
        result.aggregatedEndToEndLatency95pct = LatencySummary.millis(e2e.p95());
        result.aggregatedEndToEndLatency99pct = LatencySummary.millis(e2e.p99());
        result.aggregatedEndToEndLatency999pct = LatencySummary.millis(e2e.p999());
        result.aggregatedEndToEndLatency9999pct = LatencySummary.millis(e2e.p9999());
        result.aggregatedEndToEndLatencyMax = LatencySummary.millis(e2e.max());
        putMillis(result.aggregatedEndToEndLatencyQuantiles, LatencySummary.quantiles(stats.allEndToEnd()));
        return result;
    }

    private static void putMillis(Map<Double, Double> into, Map<Double, Long> micros) {
        micros.forEach((q, v) -> into.put(q, LatencySummary.millis(v)));
    }
}
