package io.xtremehub.faastream.internal.jobrecord;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.faastream.ErrorPolicy;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.internal.graph.JobSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * What a manager needs to resume an exactly-once job after it was killed: the job's definition (the
 * same serialized pipeline its workers receive), its options, its state, and for each stage the last
 * committed epoch with its checkpoint, read positions, state prefix and open transactions. Stored
 * as one JSON event (see {@link JobRecordStore}), so a reader sees one whole version of it.
 *
 * @param version    the record format; a manager refuses records of a newer format than {@link #FORMAT}
 * @param definition the {@link Definition}, Java-serialized and Base64-encoded
 */
public record JobRecord(int version, String jobId, JobState state, RecordedOptions options, String definition,
                        List<StageRecord> stages) {
    /** The record format this code writes and reads. */
    public static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public JobRecord {
        stages = List.copyOf(stages);
    }

    /** The pipeline and the parts of its options that only Java serialization carries. */
    public record Definition(JobSpec spec, ErrorPolicy errorPolicy) implements Serializable {
    }

    public static JobRecord of(String jobId, JobState state, RecordedOptions options, Definition definition,
                               List<StageRecord> stages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject(definition);
        } catch (IOException e) {
            throw new UncheckedIOException("the job definition cannot be recorded: " + e.getMessage(), e);
        }
        return new JobRecord(FORMAT, jobId, state, options, Base64.getEncoder().encodeToString(out.toByteArray()),
                stages);
    }

    public JobRecord withState(JobState newState) {
        return new JobRecord(version, jobId, newState, options, definition, stages);
    }

    public JobRecord withStage(StageRecord stage) {
        List<StageRecord> all = new ArrayList<>(stages);
        all.set(stage.stage(), stage);
        return new JobRecord(version, jobId, state, options, definition, all);
    }

    public byte[] encode() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a stored record.
     *
     * @throws UnreadableJobRecordException with a one-line reason when it is not JSON of this format,
     *                                      is of a newer format, or belongs to another job
     */
    public static JobRecord decode(String jobId, byte[] bytes) {
        JsonNode tree;
        try {
            tree = JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UnreadableJobRecordException(jobId, "its record is not valid JSON (" + firstLine(e) + ")");
        }
        if (tree == null || !tree.path("version").canConvertToInt()) {
            throw new UnreadableJobRecordException(jobId, "its record has no format version");
        }
        int version = tree.get("version").intValue();
        if (version > FORMAT) {
            throw new UnreadableJobRecordException(jobId, "its record has format " + version
                    + ", newer than this manager reads (" + FORMAT + "); resume it with the newer version");
        }
        JobRecord r;
        try {
            r = JSON.treeToValue(tree, JobRecord.class);
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
            throw new UnreadableJobRecordException(jobId, "its record is incomplete (" + firstLine(e) + ")");
        }
        if (!jobId.equals(r.jobId()) || r.state() == null || r.options() == null || r.definition() == null
                || r.stages().stream().anyMatch(s -> s == null || s.epochs() == null)) {
            throw new UnreadableJobRecordException(jobId, "its record is incomplete or names another job ("
                    + r.jobId() + ")");
        }
        return r;
    }

    /**
     * The job's definition, with the pipeline's classes resolved by the context class loader.
     *
     * @throws UnreadableJobRecordException when the definition cannot be deserialized (e.g. the
     *                                      pipeline's classes are not on this manager's class path)
     */
    public Definition decodeDefinition() {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder()
                .decode(definition))) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                ClassLoader cl = Thread.currentThread().getContextClassLoader();
                return cl == null ? super.resolveClass(desc) : Class.forName(desc.getName(), false, cl);
            }
        }) {
            return (Definition) in.readObject();
        } catch (IOException | ClassNotFoundException | ClassCastException | IllegalArgumentException e) {
            throw new UnreadableJobRecordException(jobId, "its pipeline cannot be loaded (" + firstLine(e)
                    + "); put the job's classes on the manager's class path");
        }
    }

    private static String firstLine(Exception e) {
        String m = String.valueOf(e.getMessage() != null ? e.getMessage() : e.toString());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
