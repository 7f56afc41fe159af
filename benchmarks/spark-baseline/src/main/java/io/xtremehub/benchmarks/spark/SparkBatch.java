package io.xtremehub.benchmarks.spark;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * The Spark baseline of the FaaStream batch benchmark, in local mode on two cores:
 * {@code wordcount <in> <out>} counts the words of the text files under {@code in} and writes
 * {@code word count} lines; {@code sort <in> <out>} sorts the 100-byte records (10-byte key) of the
 * files under {@code in} by their key's unsigned bytes and writes them as {@code out/part-NNNNN}
 * files whose name order is the global order. The clock runs from the session's start to the
 * result written; one JSON line on standard output reports it.
 */
public final class SparkBatch {
    static final int RECORD = 100;
    static final int KEY = 10;
    /** Compiled once: String.split compiles a pattern like this one on every call. */
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private SparkBatch() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !(args[0].equals("wordcount") || args[0].equals("sort"))) {
            System.err.println("usage: SparkBatch wordcount|sort <input dir> <output dir> [cores, default 2]");
            System.exit(2);
        }
        String job = args[0];
        String cores = args.length > 3 ? args[3] : "2";
        long t0 = System.nanoTime();
        SparkConf conf = new SparkConf().setMaster("local[" + cores + "]").setAppName("xtremehub-" + job)
                .set("spark.ui.enabled", "false")
                // everything is local: skip resolving the host name (slow on some machines)
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                // Kryo is what Spark's tuning guide recommends for shuffle-heavy jobs
                .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                .registerKryoClasses(new Class<?>[] {RecordKey.class, byte[].class});
        long records;
        long startupMs;
        long totalMs;
        try (SparkSession spark = SparkSession.builder().config(conf).getOrCreate()) {
            JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            startupMs = (System.nanoTime() - t0) / 1_000_000;
            if (job.equals("wordcount")) {
                wordCount(sc, args[1], args[2]);
                totalMs = (System.nanoTime() - t0) / 1_000_000;
                records = countLines(args[2]);
            } else {
                records = sort(sc, args[1], args[2]);
                totalMs = (System.nanoTime() - t0) / 1_000_000;
            }
        }
        System.out.printf(Locale.ROOT, "{\"system\":\"spark\",\"job\":\"%s\",\"cores\":%s,\"totalMs\":%d,"
                + "\"startupMs\":%d,\"records\":%d}%n", job, cores, totalMs, startupMs, records);
    }

    static void wordCount(JavaSparkContext sc, String in, String out) {
        JavaPairRDD<String, Long> counts = sc.textFile(in)
                .flatMap(line -> words(line).iterator())
                .mapToPair(w -> new Tuple2<>(w, 1L))
                .reduceByKey(Long::sum);
        JavaRDD<String> lines = counts.map(t -> t._1() + " " + t._2());
        lines.saveAsTextFile(out);
    }

    /** Lower-case words of a line: runs of letters and digits (the same rule as FaaStream's WordCount). */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        for (String w : NON_WORD.split(line.toLowerCase(Locale.ROOT))) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** @return the number of records written */
    static long sort(JavaSparkContext sc, String in, String out) throws IOException {
        JavaRDD<byte[]> records = sc.binaryRecords(in, RECORD);
        int partitions = Math.max(2, records.getNumPartitions() / 4);
        // sortBy samples the keys for its range partitioner, then shuffles and sorts each range
        JavaRDD<byte[]> sorted = records.sortBy(RecordKey::of, true, partitions);
        Files.createDirectories(Path.of(out));
        List<Long> written = sorted.mapPartitionsWithIndex((idx, it) -> List.of(writePart(out, idx, it)).iterator(),
                true).collect();
        return written.stream().mapToLong(Long::longValue).sum();
    }

    private static long writePart(String dir, int index, Iterator<byte[]> it) {
        long n = 0;
        Path part = Path.of(dir, String.format(Locale.ROOT, "part-%05d", index));
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(part), 1 << 20)) {
            while (it.hasNext()) {
                os.write(it.next());
                n++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return n;
    }

    /** The lines of the part files, counted after the clock stopped. */
    private static long countLines(String dir) {
        try (var files = Files.list(Path.of(dir))) {
            long n = 0;
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                try (var lines = Files.lines(p)) {
                    n += lines.count();
                }
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
