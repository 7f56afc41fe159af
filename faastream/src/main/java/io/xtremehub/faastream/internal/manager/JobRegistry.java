package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.StreamConfiguration;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Channel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Job status snapshots published to the scope's {@code faastream-jobs} stream, so that any process
 * (the {@code job} CLI) can list jobs and their metrics without talking to the manager.
 */
public final class JobRegistry implements AutoCloseable {
    public static final String STREAM = "faastream-jobs";
    private final Channel<JobStatus> channel;
    private final Map<String, JobStatus> latest = new LinkedHashMap<>();

    public JobRegistry(PravegaContext ctx, StreamManager streams) {
        streams.createStream(ctx.scope(), STREAM, StreamConfiguration.builder()
                .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(1)).build());
        this.channel = new Channel<>(ctx.sync(), STREAM, JobStatus.class);
    }

    public synchronized void publish(JobStatus status) {
        channel.append(status);
    }

    /** The newest snapshot of every job, in order of first appearance. */
    public synchronized List<JobStatus> latest() {
        for (JobStatus s : channel.poll()) {
            latest.put(s.jobId(), s);
        }
        return new ArrayList<>(latest.values());
    }

    @Override
    public synchronized void close() {
        channel.close();
    }
}
