package io.xtremehub.faastream.internal.jobrecord;

import io.pravega.client.admin.StreamManager;
import io.pravega.client.state.Revision;
import io.pravega.client.state.RevisionedStreamClient;
import io.pravega.client.state.SynchronizerConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Job records in Pravega: one single-segment stream per job ({@link JobNames#recordStream}) whose
 * last event is the job's current {@link JobRecord}. Each write is one event appended only if the
 * stream still ends where the writer last saw it, so a record is replaced whole and a manager that
 * lost its job to another one learns it at its next write; older versions are truncated away.
 */
public final class JobRecordStore {
    private static final Pattern RECORD_STREAM = Pattern.compile("fs-(j[0-9a-f]{10})-job");
    private final PravegaContext ctx;
    private final StreamManager streams;

    public JobRecordStore(PravegaContext ctx, StreamManager streams) {
        this.ctx = ctx;
        this.streams = streams;
    }

    /**
     * A job found in the scope: its record, or why it cannot be read.
     *
     * @param end where the record stream ended when it was read: a {@link #takeOver} writes only if
     *            nothing was written since
     */
    public record Found(String jobId, JobRecord record, UnreadableJobRecordException problem, Revision end) {
        static Found unreadable(UnreadableJobRecordException problem) {
            return new Found(problem.jobId(), null, problem, null);
        }
    }

    /** Creates the job's record stream and writes its first record. */
    public Writer create(JobRecord first) {
        String stream = new JobNames(first.jobId()).recordStream();
        streams.createStream(ctx.scope(), stream, StreamConfiguration.builder()
                .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(1)).build());
        RevisionedStreamClient<byte[]> client = client(stream);
        Writer w = new Writer(first.jobId(), client, client.fetchLatestRevision());
        w.write(first);
        return w;
    }

    /**
     * Continues the record of a job found by {@link #list}: from its first write on, writes of any
     * earlier writer fail; that first write fails if the record changed since it was read.
     */
    public Writer takeOver(Found found) {
        return new Writer(found.jobId(), client(new JobNames(found.jobId()).recordStream()), found.end());
    }

    /** Every job with a record in the scope, each with its latest record or the reason it is unreadable. */
    public List<Found> list() {
        List<Found> found = new ArrayList<>();
        Iterator<Stream> all = streams.listStreams(ctx.scope());
        while (all.hasNext()) {
            Matcher m = RECORD_STREAM.matcher(all.next().getStreamName());
            if (m.matches()) {
                found.add(read(m.group(1)));
            }
        }
        return found;
    }

    private Found read(String jobId) {
        try (RevisionedStreamClient<byte[]> client = client(new JobNames(jobId).recordStream())) {
            Map.Entry<Revision, byte[]> last = null;
            Iterator<Map.Entry<Revision, byte[]>> it = client.readFrom(client.fetchOldestRevision());
            while (it.hasNext()) {
                last = it.next();
            }
            if (last == null) {
                return Found.unreadable(new UnreadableJobRecordException(jobId, "its record stream is empty"));
            }
            // an entry's revision is where it ends
            return new Found(jobId, JobRecord.decode(jobId, last.getValue()), null, last.getKey());
        } catch (UnreadableJobRecordException e) {
            return Found.unreadable(e);
        } catch (RuntimeException e) {
            return Found.unreadable(new UnreadableJobRecordException(jobId, "its record cannot be read (" + e + ")"));
        }
    }

    private RevisionedStreamClient<byte[]> client(String stream) {
        return ctx.sync().createRevisionedStreamClient(stream, new ByteArraySerializer(),
                SynchronizerConfig.builder().build());
    }

    /** Replaces one job's record; not thread-safe (a job's loop thread is its only writer). */
    public static final class Writer implements AutoCloseable {
        private final String jobId;
        private final RevisionedStreamClient<byte[]> client;
        private Revision end;

        private Writer(String jobId, RevisionedStreamClient<byte[]> client, Revision end) {
            this.jobId = jobId;
            this.client = client;
            this.end = end;
        }

        /**
         * Appends the record as the job's current one and truncates the ones before it.
         *
         * @throws IllegalStateException when another manager wrote the job's record since (it took the job over)
         */
        public void write(JobRecord record) {
            Revision start = end;
            Revision written = client.writeConditionally(start, record.encode());
            if (written == null) {
                throw new IllegalStateException("job " + jobId + " was taken over by another manager (its record "
                        + "changed); this manager leaves it alone");
            }
            end = written;
            // the new record starts where the previous write ended: everything before it is obsolete
            client.truncateToRevision(start);
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
