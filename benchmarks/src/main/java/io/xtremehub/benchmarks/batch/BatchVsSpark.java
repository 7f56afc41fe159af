package io.xtremehub.benchmarks.batch;

import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.examples.TeraSort;
import io.xtremehub.faastream.examples.WordCount;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * FaaStream against Apache Spark (local mode, two cores) on WordCount and a TeraSort-style sort, in
 * one run on the same generated input: Spark reads it from local files, FaaStream from a bucket of
 * the embedded cluster's S3 endpoint, both staged before the clocks start. Spark is timed from its
 * session's start to the result written (its own JVM, started by this program); FaaStream from
 * {@code manager.execute} to the job's completion on a running cluster with thread workers. Both
 * outputs are checked: WordCount against the counts the generator drew, the sort TeraValidate-style
 * (global order, record count, sum of per-record CRC32). Writes {@code batch-vs-spark.csv} and
 * {@code batch-vs-spark.md}.
 *
 * <pre>
 * --out DIR  --data DIR  --words N  --distinct N  --sort-bytes N  --only wordcount,sort
 * --spark-home DIR (benchmarks/spark-baseline/target)  --spark-heap (this JVM's)  --workers N (2)
 * --systems spark,faastream  --name NAME
 * </pre>
 */
public final class BatchVsSpark {
    private static final long SEED = 20261125L;

    private BatchVsSpark() {
    }

    /** One row of the results. */
    record Row(String job, String system, long totalMs, long startupMs, boolean correct, String detail) {
    }

    public static void main(String[] args) throws Exception {
        List<String> a = Arrays.asList(args);
        Path out = Path.of(opt(a, "--out", "benchmarks/results"));
        Path data = Path.of(opt(a, "--data", "benchmarks/target/batch-data"));
        long words = Long.parseLong(opt(a, "--words", "2000000"));
        int distinct = Integer.parseInt(opt(a, "--distinct", "50000"));
        long sortBytes = Long.parseLong(opt(a, "--sort-bytes", "1000000000"));
        List<String> only = List.of(opt(a, "--only", "wordcount,sort").split(","));
        int workers = Integer.parseInt(opt(a, "--workers", "2"));
        List<String> systems = List.of(opt(a, "--systems", "spark,faastream").split(","));
        String name = opt(a, "--name", "batch-vs-spark");
        // the same heap as this JVM unless told otherwise
        long maxHeapMb = Runtime.getRuntime().maxMemory() >> 20;
        String heap = opt(a, "--spark-heap", maxHeapMb + "m");
        SparkBaseline spark = new SparkBaseline(Path.of(opt(a, "--spark-home", "benchmarks/spark-baseline/target")),
                heap, data.resolve("logs"));
        if (spark.missing() != null) {
            System.err.println(spark.missing());
            System.exit(2);
        }
        deleteTree(data);
        Files.createDirectories(out);
        String startLoad = loadAverage();
        Instant started = Instant.now();

        // inputs, once, seeded
        WordCorpus.Expected wc = null;
        RecordCheck.Summary sortIn = null;
        if (only.contains("wordcount")) {
            wc = WordCorpus.write(data.resolve("words"), words, distinct, 4, SEED);
            log("WordCount input: %,d words, %,d distinct, %,d bytes", words, wc.counts().size(), wc.bytes());
        }
        if (only.contains("sort")) {
            sortIn = SortRecords.write(data.resolve("records"), sortBytes, 8, SEED);
            log("sort input: %,d records", sortIn.records());
        }

        List<Row> rows = new ArrayList<>();
        // Spark first, each job in a JVM of its own, before the cluster starts
        if (wc != null && systems.contains("spark")) {
            Path o = data.resolve("spark-wordcount");
            SparkBaseline.Result r = spark.run("wordcount", data.resolve("words"), o);
            String diff = WordCounts.difference(wc.counts(), WordCounts.fromDirectory(o));
            rows.add(new Row("wordcount", "spark", r.totalMs(), r.startupMs(), diff == null,
                    diff == null ? "counts equal the generator's" : diff));
            log("Spark WordCount: %,d ms (start-up %,d ms), %s", r.totalMs(), r.startupMs(), rows.get(rows.size() - 1).detail());
        }
        if (sortIn != null && systems.contains("spark")) {
            Path o = data.resolve("spark-sort");
            SparkBaseline.Result r = spark.run("sort", data.resolve("records"), o);
            RecordCheck.Summary s = localRecords(o);
            rows.add(sortRow("spark", r.totalMs(), r.startupMs(), sortIn, s));
            log("Spark sort: %,d ms (start-up %,d ms), %s", r.totalMs(), r.startupMs(), rows.get(rows.size() - 1).detail());
            deleteTree(o);
        }

        try (StandaloneCluster cluster = !systems.contains("faastream") ? null
                : StandaloneCluster.start(ClusterConfig.ephemeral(data.resolve("cluster")))) {
            if (cluster != null) {
                runFaaStream(cluster, data, wc, sortIn, workers, rows);
            }
        }
        String endLoad = loadAverage();
        BatchReport.write(out, name, rows, started, startLoad, endLoad, words, distinct, sortBytes, workers, heap);
        System.exit(rows.stream().allMatch(Row::correct) ? 0 : 1);
    }

    private static void runFaaStream(StandaloneCluster cluster, Path data, WordCorpus.Expected wc,
                                     RecordCheck.Summary sortIn, int workers, List<Row> rows) throws Exception {
        var cfg = cluster.config();
        ObjectStoreConfig store = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(),
                cfg.ltsSecretKey());
        try (S3Client s3 = S3Client.builder().endpointOverride(URI.create(cluster.s3Endpoint()))
                .region(Region.of(cfg.ltsRegion())).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(cfg.ltsAccessKey(), cfg.ltsSecretKey()))).build();
             Manager manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(store)
                     .platform(new ThreadPlatform()).build()) {
            FaaStreamBatch fs = new FaaStreamBatch(manager, s3, "batch-" + System.currentTimeMillis());
            // "a running cluster": one small job first, so the cluster's one-off costs (the first reader
            // group took 12 s of a 16 s setup on the loaded machine) are not charged to the first timed job
            s3.putObject(r -> r.bucket(fs.bucket()).key("warmup/w.txt"),
                    RequestBody.fromString("warm up the cluster\n"));
            FaaStreamBatch.Result warm = fs.run("warmup", WordCount.pipeline(fs.bucket(), "warmup/", "warm-out/", 1, 1));
            rows.add(new Row("warmup", "faastream", warm.totalMs(), 0, true, "a 4-word WordCount before the timed jobs"));
            log("FaaStream warm-up job: %,d ms", warm.totalMs());
            if (wc != null) {
                fs.stage(data.resolve("words"), "words/");
                FaaStreamBatch.Result r = fs.run("wordcount",
                        WordCount.pipeline(fs.bucket(), "words/", "counts/", workers, workers));
                String diff = WordCounts.difference(wc.counts(), fs.wordCounts("counts/"));
                rows.add(new Row("wordcount", "faastream", r.totalMs(), 0, diff == null,
                        (diff == null ? "counts equal the generator's" : diff) + "; " + r.stagesLine()));
                log("FaaStream WordCount: %,d ms, %s", r.totalMs(), rows.get(rows.size() - 1).detail());
            }
            if (sortIn != null) {
                fs.stage(data.resolve("records"), "records/");
                FaaStreamBatch.Result r = fs.run("sort",
                        TeraSort.folderPipeline(fs.bucket(), "records/", "sorted/", workers, workers));
                Row row = sortRow("faastream", r.totalMs(), 0, sortIn, fs.records("sorted/"));
                rows.add(new Row(row.job(), row.system(), row.totalMs(), 0, row.correct(),
                        row.detail() + "; " + r.stagesLine()));
                log("FaaStream sort: %,d ms, %s", r.totalMs(), rows.get(rows.size() - 1).detail());
            }
            }
    }

    private static Row sortRow(String system, long ms, long startupMs, RecordCheck.Summary in, RecordCheck.Summary out) {
        boolean ok = out.sameRecordsAs(in) && out.outOfOrder() == 0;
        String detail = String.format(Locale.ROOT, "%,d records, %s checksum, %d keys out of order", out.records(),
                out.sameRecordsAs(in) ? "same" : "DIFFERENT", out.outOfOrder());
        return new Row("sort", system, ms, startupMs, ok, detail);
    }

    /** A local output directory's part files, in name order, as one sequence of records. */
    private static RecordCheck.Summary localRecords(Path dir) throws IOException {
        RecordCheck check = new RecordCheck(true);
        List<Path> parts;
        try (var files = Files.list(dir)) {
            parts = files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        for (Path p : parts) {
            try (var in = Files.newInputStream(p)) {
                check.read(in, p.toString());
            }
        }
        return check.summary();
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String opt(List<String> args, String name, String def) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : def;
    }

    private static void log(String fmt, Object... args) {
        System.out.println(Instant.now() + " " + String.format(Locale.ROOT, fmt, args));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

}
