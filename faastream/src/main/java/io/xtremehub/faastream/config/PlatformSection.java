package io.xtremehub.faastream.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.faastream.platform.WorkerPlatform;
import io.xtremehub.faastream.platform.lambda.LambdaPlatform;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Where a Manager runs its workers: {@code type: processes} (the default), {@code threads} or {@code lambda}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = PlatformSection.Processes.class, name = "processes"),
    @JsonSubTypes.Type(value = PlatformSection.Threads.class, name = "threads"),
    @JsonSubTypes.Type(value = PlatformSection.Lambda.class, name = "lambda")
})
public sealed interface PlatformSection {
    /** A new platform as configured; the Manager closes it. */
    WorkerPlatform create();

    /**
     * Local JVM processes; every key has the {@link LocalProcessPlatform.Builder}'s default.
     *
     * @param java      the java executable (default: this JVM's)
     * @param classPath class path of worker JVMs (default: this JVM's)
     * @param jvmArgs   options of worker JVMs, replacing the defaults
     * @param logDir    directory of worker logs
     * @param standbyWorkers worker JVMs started ahead of need, so a launch need not wait for one (0: none)
     */
    record Processes(String java, String classPath, List<String> jvmArgs, String logDir, Integer standbyWorkers)
            implements PlatformSection {
        public Processes {
            if (standbyWorkers != null && (standbyWorkers < 0 || standbyWorkers > 64)) {
                throw new IllegalArgumentException("platform key 'standbyWorkers' must be between 0 (off) and 64, not "
                        + standbyWorkers);
            }
        }

        @Override
        public WorkerPlatform create() {
            LocalProcessPlatform.Builder b = LocalProcessPlatform.builder();
            if (java != null) {
                b.java(java);
            }
            if (classPath != null) {
                b.classPath(classPath);
            }
            if (jvmArgs != null) {
                b.jvmArgs(jvmArgs);
            }
            if (logDir != null) {
                b.logDir(Path.of(logDir));
            }
            if (standbyWorkers != null) {
                b.standbyWorkers(standbyWorkers);
            }
            return b.build();
        }
    }

    /** Threads of the Manager's own JVM: no isolation, for tests and small jobs. */
    record Threads() implements PlatformSection {
        @Override
        public WorkerPlatform create() {
            return new ThreadPlatform();
        }
    }

    /**
     * AWS Lambda, or a service that speaks its API at {@code endpoint}.
     *
     * @param functionName         the deployed worker function (required)
     * @param endpoint             endpoint override (absent: AWS's regional endpoint)
     * @param handoffMarginSeconds hand a worker off when less than this remains of an invocation (default 60)
     */
    record Lambda(String functionName, String endpoint, String region, String accessKey, String secretKey,
                  Integer handoffMarginSeconds) implements PlatformSection {
        public Lambda {
            if (functionName == null || functionName.isBlank()) {
                throw new IllegalArgumentException("platform type lambda needs 'functionName'");
            }
            if (region == null || accessKey == null || secretKey == null) {
                throw new IllegalArgumentException("platform type lambda needs 'region', 'accessKey' and 'secretKey'");
            }
            handoffMarginSeconds = handoffMarginSeconds == null ? 60 : handoffMarginSeconds;
            if (handoffMarginSeconds < 1 || handoffMarginSeconds >= 900) {
                throw new IllegalArgumentException("handoffMarginSeconds must be between 1 and 899, not "
                        + handoffMarginSeconds);
            }
        }

        @Override
        public WorkerPlatform create() {
            return LambdaPlatform.builder().client(LambdaPlatform.client(endpoint, region, accessKey, secretKey))
                    .functionName(functionName).handoffMargin(Duration.ofSeconds(handoffMarginSeconds)).build();
        }
    }
}
