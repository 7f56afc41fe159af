package io.xtremehub.faastream;

import io.xtremehub.faastream.platform.LocalProcessPlatform;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A manager in its own JVM ({@link ManagerJvm}), for tests to kill with SIGKILL: runs an exactly-once
 * job from {@code in} to {@code out} on worker processes, prints {@code RUNNING <job id>} and waits
 * to be killed. The job is ExactlyOnceIT's running sum on one worker (into a bucket when {@code out}
 * reads {@code s3://bucket/path/}), or, given a number of workers, {@link ChainedSum} on that many, or,
 * given {@code keyed}, {@link KeyedStateIT}'s running totals per key on two reduce workers.
 *
 * <p>Arguments: controller URI, S3 endpoint, region, access key, secret key, in, out, worker log
 * folder[, workers or keyed].
 */
public final class ManagerProcessMain {
    private ManagerProcessMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ObjectStoreConfig store = ObjectStoreConfig.of(args[1], args[2], args[3], args[4]);
        // not closed: closing would cancel the job, and this manager is meant to die with it running
        Manager manager = Manager.builder().controllerUri(URI.create(args[0])).objectStore(store)
                .platform(LocalProcessPlatform.builder().logDir(Path.of(args[7])).build()).build();
        Job job = args.length > 8 && args[8].equals("keyed")
                ? manager.execute(KeyedStateIT.runningTotals(args[5], args[6], 2), KeyedStateIT.options(2))
                : args.length > 8
                ? manager.execute(ChainedSum.pipeline(args[5], args[6], Integer.parseInt(args[8])), ChainedSum.options())
                : manager.execute(runningSum(args[5], args[6]),
                JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                        .name("durable-sum").build());
        System.out.println("RUNNING " + job.id());
        System.out.flush();
        Thread.currentThread().join();
    }

    private static Pipeline<String> runningSum(String in, String out) {
        Pipeline<String> sum = Pipeline.fromStream(in, Serializers.utf8())
                .map(new ExactlyOnceIT.RunningSum(), Serializers.utf8()).named("sum");
        if (!out.startsWith("s3://")) {
            return sum.writeToStream(out);
        }
        String[] bucketAndPath = out.substring(5).split("/", 2);
        return sum.writeToBucket(bucketAndPath[0], bucketAndPath[1]);
    }
}
