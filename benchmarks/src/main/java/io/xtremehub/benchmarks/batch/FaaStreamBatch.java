package io.xtremehub.benchmarks.batch;

import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.StageMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The FaaStream side: stages input files as objects of a bucket on the cluster's S3 endpoint (where a
 * FaaStream batch user keeps them), runs a pipeline timed from {@code manager.execute} to the job's
 * completion, and reads the output objects back for the checks.
 */
final class FaaStreamBatch {
    /** One FaaStream run: wall time and what each stage saw. */
    record Result(long totalMs, List<StageMetrics> stages) {
        String stagesLine() {
            return stages.stream().map(s -> s.name() + " in=" + s.eventsIn() + " out=" + s.eventsOut())
                    .collect(Collectors.joining("; "));
        }
    }

    private final Manager manager;
    private final S3Client s3;
    private final String bucket;

    FaaStreamBatch(Manager manager, S3Client s3, String bucket) {
        this.manager = manager;
        this.s3 = s3;
        this.bucket = bucket;
        s3.createBucket(r -> r.bucket(bucket));
    }

    String bucket() {
        return bucket;
    }

    /** Uploads every file of {@code dir} as {@code prefix + file name}. */
    void stage(Path dir, String prefix) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                s3.putObject(r -> r.bucket(bucket).key(prefix + f.getFileName()), RequestBody.fromFile(f));
            }
        }
    }

    Result run(String name, Pipeline<?> pipeline) throws Exception {
        long t0 = System.nanoTime();
        JobStatus s = manager.execute(pipeline, JobOptions.builder().name(name).build())
                .awaitCompletion(Duration.ofMinutes(30));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        return new Result(ms, s.stages());
    }

    /** Output keys under {@code prefix} in name order. */
    List<String> parts(String prefix) {
        return s3.listObjectsV2Paginator(r -> r.bucket(bucket).prefix(prefix)).contents().stream()
                .map(S3Object::key).sorted().toList();
    }

    /** {@code word count} lines of the output parts, added up per word. */
    Map<String, Long> wordCounts(String prefix) {
        Map<String, Long> counts = new HashMap<>();
        for (String key : parts(prefix)) {
            String text = s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asString(StandardCharsets.UTF_8);
            WordCounts.addLines(text, counts);
        }
        return counts;
    }

    /** The output parts, read in name order, as one sequence of records. */
    RecordCheck.Summary records(String prefix) throws IOException {
        RecordCheck check = new RecordCheck(true);
        for (String key : parts(prefix)) {
            try (InputStream in = s3.getObject(r -> r.bucket(bucket).key(key))) {
                check.read(in, "s3://" + bucket + "/" + key);
            }
        }
        return check.summary();
    }
}
