package io.xtremehub.faastream;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.admin.impl.ReaderGroupManagerImpl;
import io.pravega.client.admin.impl.StreamManagerImpl;
import io.pravega.client.stream.StreamConfiguration;
import io.xtremehub.faastream.config.ManagerConfig;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SinkSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.state.KeyedStateFields;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.jobrecord.JobRecord;
import io.xtremehub.faastream.internal.jobrecord.JobRecordStore;
import io.xtremehub.faastream.internal.jobrecord.UnreadableJobRecordException;
import io.xtremehub.faastream.internal.manager.JobRunner;
import io.xtremehub.faastream.internal.manager.JobRegistry;
import io.xtremehub.faastream.internal.metrics.ManagerMetrics;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.platform.WorkerPlatform;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Submits pipelines for execution (reference Table 13: {@code execute(pipeline, scalingPolicy,
 * exactlyOnce)}). The manager checks the pipeline's sources and sinks before anything is created
 * or written, then sets up each stage and runs it on the configured {@link WorkerPlatform}.
 *
 * <pre>{@code
 * try (Manager manager = Manager.builder().controllerUri(uri).objectStore(s3).build()) {
 *     Job job = manager.execute(pipeline, ScalingPolicy.fixed(2), false);
 *     job.awaitCompletion(Duration.ofMinutes(5));
 * }
 * }</pre>
 *
 * <p>Exactly-once jobs are durable: their definition and committed progress are kept in Pravega, so
 * after a manager was killed a new one (same controller, scope and object store) picks them up with
 * {@link #resumeJobs()}. Closing a manager cancels its jobs; only a manager that dies leaves them to resume.
 */
public final class Manager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Manager.class);
    private final String scope;
    private final PravegaContext ctx;
    private final ObjectStore store;
    private final ObjectStoreConfig storeConfig;
    private final WorkerPlatform platform;
    private final StreamManager streams;
    private final ReaderGroupManager readerGroups;
    private final JobRegistry registry;
    private final JobRecordStore records;
    private final Map<String, JobRunner> jobs = new ConcurrentHashMap<>();
    private final ManagerMetrics metrics;

    private Manager(Builder b) {
        this.scope = b.scope;
        this.ctx = PravegaContext.connect(b.controllerUri, b.scope);
        this.storeConfig = b.objectStore;
        this.store = new ObjectStore(b.objectStore);
        this.platform = b.platform != null ? b.platform : LocalProcessPlatform.builder().build();
        this.streams = new StreamManagerImpl(ctx.clientConfig());
        this.readerGroups = new ReaderGroupManagerImpl(scope, ctx.clientConfig(),
                new io.pravega.client.connection.impl.SocketConnectionFactoryImpl(ctx.clientConfig()));
        streams.createScope(scope);
        this.registry = new JobRegistry(ctx, streams);
        this.records = new JobRecordStore(ctx, streams);
        this.metrics = b.metricsPort < 0 ? null : ManagerMetrics.start(b.metricsHost, b.metricsPort);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs a pipeline with the given scaling policy and consistency (Table 13's signature).
     *
     * @param exactlyOnce commit each stage's output with checkpoints of its state and read positions
     *                    (see {@link JobOptions.Builder#exactlyOnce}); false for at-least-once
     */
    public Job execute(Pipeline<?> pipeline, ScalingPolicy scalingPolicy, boolean exactlyOnce) {
        return execute(pipeline, JobOptions.builder().scalingPolicy(scalingPolicy).exactlyOnce(exactlyOnce).build());
    }

    /**
     * Runs a pipeline. Returns once every stage is set up and its workers launched.
     *
     * @throws JobDefinitionException when a source or sink does not exist or the options cannot be met;
     *                                nothing has been created or written then
     */
    public Job execute(Pipeline<?> pipeline, JobOptions options) {
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(options, "options");
        if (!pipeline.complete()) {
            throw new JobDefinitionException("the pipeline has no sink: end it with writeToStream or writeToBucket");
        }
        JobSpec spec = pipeline.spec();
        Mode mode = resolveMode(spec.source(), options.mode());
        if (options.scaleSourceStream() && (spec.source().kind() != SourceSpec.Kind.STREAM || mode != Mode.STREAM)) {
            throw new JobDefinitionException("scaleSourceStream rescales the segments of a streaming job's source "
                    + "stream; " + spec.source().describe() + " in " + mode + " mode has none: drop the option");
        }
        validate(spec, options, mode);
        String jobId = "j" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        JobRunner runner = new JobRunner(jobId, spec, options, mode, ctx, store, storeConfig, streams, readerGroups,
                platform, registry::publish, records);
        runner.start();
        track(runner, spec);
        return runner;
    }

    private void track(JobRunner runner, JobSpec spec) {
        jobs.put(runner.id(), runner);
        if (metrics != null) {
            metrics.register(runner, IntStream.range(0, spec.stageCount()).mapToObj(i -> spec.stage(i).name()).toList());
        }
    }

    /**
     * Resumes the exactly-once jobs of this scope that a manager which is gone (killed, crashed) was
     * running: each stage restarts from its last committed epoch, so the sink sees every result once.
     * Workers of the old manager that still run are stopped and its open transactions aborted.
     * Call it only when no other manager runs those jobs: the jobs move to this one. A job whose
     * record cannot be read or that cannot restart is skipped with a one-line reason (also logged).
     * The pipeline's classes must be on this manager's class path.
     */
    public ResumedJobs resumeJobs() {
        List<Job> resumed = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (JobRecordStore.Found found : records.list()) {
            if (jobs.containsKey(found.jobId())) {
                continue;
            }
            if (found.problem() != null) {
                skip(skipped, found.problem().getMessage());
                continue;
            }
            JobRecord r = found.record();
            if (r.state().terminal()) {
                continue;
            }
            try {
                JobRecord.Definition d = r.decodeDefinition();
                JobRunner runner = new JobRunner(r.jobId(), d.spec(), r.options().toOptions(d.errorPolicy()),
                        r.options().mode(), ctx, store, storeConfig, streams, readerGroups, platform,
                        registry::publish, records);
                runner.resume(found);
                track(runner, d.spec());
                resumed.add(runner);
            } catch (UnreadableJobRecordException e) {
                skip(skipped, e.getMessage());
            } catch (RuntimeException e) {
                skip(skipped, "job " + r.jobId() + " cannot be resumed: " + e.getMessage());
            }
        }
        return new ResumedJobs(resumed, skipped);
    }

    private static void skip(List<String> skipped, String reason) {
        String line = reason.replace('\n', ' ');
        LOG.warn("{}", line);
        skipped.add(line);
    }

    /** The Prometheus endpoint of this manager's jobs, when {@link Builder#metricsPort} enabled it. */
    public Optional<URI> metricsEndpoint() {
        return Optional.ofNullable(metrics).map(ManagerMetrics::endpoint);
    }

    /** Jobs submitted through this manager. */
    public List<Job> jobs() {
        return List.copyOf(jobs.values());
    }

    /** The latest status of every job any manager of this scope published (what the CLI shows). */
    public List<JobStatus> publishedJobs() {
        return registry.latest();
    }

    private static Mode resolveMode(SourceSpec source, Mode requested) {
        if (source.bounded()) {
            return Mode.BATCH;
        }
        return requested == Mode.AUTO ? Mode.STREAM : requested;
    }

    private void validate(JobSpec spec, JobOptions options, Mode mode) {
        SourceSpec src = spec.source();
        switch (src.kind()) {
            case STREAM -> requireStream(src.stream(), "source");
            case BUCKET_FILE -> {
                requireBucket(src.bucket(), "source");
                if (store.size(src.bucket(), src.keyOrPrefix()) < 0) {
                    throw new JobDefinitionException("source object s3://" + src.bucket() + "/" + src.keyOrPrefix()
                            + " does not exist; check the key or upload it first");
                }
            }
            case BUCKET_FOLDER -> {
                requireBucket(src.bucket(), "source");
                if (store.list(src.bucket(), src.keyOrPrefix()).isEmpty()) {
                    throw new JobDefinitionException("no objects under source prefix s3://" + src.bucket() + "/"
                            + src.keyOrPrefix() + "; check the prefix or upload the input first");
                }
            }
            default -> throw new IllegalStateException();
        }
        SinkSpec sink = spec.sink();
        if (sink.kind() == SinkSpec.Kind.STREAM) {
            requireStream(sink.stream(), "sink");
        } else {
            requireBucket(sink.bucket(), "sink");
        }
        for (int i = 0; i < spec.stageCount(); i++) {
            StageSpec s = spec.stage(i);
            if (s.keyed() && i == 0) {
                throw new JobDefinitionException(spec.stageLabel(i) + " reduces but has no stage before it to shuffle by key");
            }
            if (s.function() != null && KeyedStateFields.any(s.function())) {
                if (s.kind() != StageSpec.Kind.REDUCE) {
                    throw new JobDefinitionException(spec.stageLabel(i) + " has a KeyedState field, which holds a value "
                            + "per key of a reduce's groups: move it to a reducer or use a @State field");
                }
                if (mode != Mode.STREAM) {
                    throw new JobDefinitionException(spec.stageLabel(i) + " keeps KeyedState, which carries a key's "
                            + "values from window to window in a stream; a batch reduces each key once");
                }
                if (platform.workersHandOff()) {
                    throw new JobDefinitionException(spec.stageLabel(i) + " keeps KeyedState, which cannot follow keys "
                            + "across hand-offs on " + platform.name() + " yet: run the job on threads or processes");
                }
                if (!options.exactlyOnce()) {
                    throw new JobDefinitionException(spec.stageLabel(i) + " keeps KeyedState, which needs an exactly-once "
                            + "job (JobOptions.builder().exactlyOnce(true)): only commits save it for every key");
                }
            }
        }
        String dl = options.errorPolicy().deadLetterStream();
        if (dl != null) {
            streams.createStream(scope, dl, StreamConfiguration.builder()
                    .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(1)).build());
        }
        store.ensureBucket(storeConfig.spillBucket());
    }

    private void requireStream(String stream, String role) {
        if (!streams.checkStreamExists(scope, stream)) {
            throw new JobDefinitionException(role + " stream " + scope + "/" + stream
                    + " does not exist; create it first (xtremehub stream create " + stream + ")");
        }
    }

    private void requireBucket(String bucket, String role) {
        if (!store.bucketExists(bucket)) {
            throw new JobDefinitionException(role + " bucket '" + bucket + "' does not exist at "
                    + storeConfig.endpoint() + "; create it first");
        }
    }

    /**
     * Cancels running jobs, lets the cleanup of completed ones finish (a job completes before its
     * streams are deleted), and releases connections and the platform.
     */
    @Override
    public void close() {
        for (JobRunner j : jobs.values()) {
            if (!j.status().state().terminal()) {
                j.cancel();
            }
        }
        for (JobRunner j : jobs.values()) {
            try {
                if (!j.awaitCleanup(Duration.ofSeconds(60))) {
                    LOG.warn("job {}: its streams and shuffle files were not deleted within 60 s of closing", j.id());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (metrics != null) {
            metrics.close();
        }
        platform.close();
        registry.close();
        readerGroups.close();
        streams.close();
        store.close();
        ctx.close();
    }

    /** Builder for {@link Manager}. */
    public static final class Builder {
        private URI controllerUri = URI.create("tcp://127.0.0.1:9090");
        private String scope = "xtremehub";
        private ObjectStoreConfig objectStore;
        private WorkerPlatform platform;
        private int metricsPort = -1;
        private String metricsHost = "127.0.0.1";

        /** Everything a {@code manager.yaml} sets (see {@link ManagerConfig}); later calls override it. */
        public Builder config(ManagerConfig c) { return c.applyTo(this); }
        public Builder controllerUri(URI v) { this.controllerUri = Objects.requireNonNull(v); return this; }
        /** The Pravega scope of sources, sinks and the job's own streams (default "xtremehub"). */
        public Builder scope(String v) { this.scope = Objects.requireNonNull(v); return this; }
        public Builder objectStore(ObjectStoreConfig v) { this.objectStore = Objects.requireNonNull(v); return this; }
        /** Where workers run; default: local JVM processes. */
        public Builder platform(WorkerPlatform v) { this.platform = Objects.requireNonNull(v); return this; }
        /**
         * Serves the jobs' per-stage metrics in Prometheus' text format at {@code http://<metricsHost>:port/metrics}
         * (0 picks a free port, see {@link Manager#metricsEndpoint}); default: no endpoint.
         */
        public Builder metricsPort(int v) {
            if (v < 0 || v > 65535) {
                throw new IllegalArgumentException("metricsPort must be 0-65535, got " + v);
            }
            this.metricsPort = v;
            return this;
        }

        /**
         * Address the metrics endpoint listens on (default 127.0.0.1). It needs no token, so another
         * address shows the jobs' metrics to that network.
         */
        public Builder metricsHost(String v) {
            if (v == null || new java.net.InetSocketAddress(v, 0).isUnresolved()) {
                throw new IllegalArgumentException("metricsHost '" + v + "' is not an address of this machine's"
                        + " (e.g. 127.0.0.1)");
            }
            this.metricsHost = v;
            return this;
        }

        public Manager build() {
            if (objectStore == null) {
                throw new IllegalStateException("objectStore is required: bucket sources, sinks and large events use it");
            }
            return new Manager(this);
        }
    }
}
