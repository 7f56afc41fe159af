package io.xtremehub.faastream.internal.jobrecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.ErrorPolicy;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.internal.graph.JobSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JobRecordTest {
    private static final String JOB = "j0123456789";

    @Test
    void aRecordReadsBackWithItsPipelineOptionsAndEpochs() {
        JobSpec spec = Pipeline.fromStream("in", Serializers.utf8()).map(s -> s + "!", Serializers.utf8())
                .named("shout").writeToStream("out").spec();
        JobOptions options = JobOptions.builder().name("shouting").mode(Mode.STREAM).exactlyOnce(true)
                .transactionWindow(Duration.ofMillis(700)).heartbeatTimeout(Duration.ofSeconds(9)).cleanup(false)
                .errorPolicy(ErrorPolicy.deadLetter("dl")).build();
        UUID committing = UUID.randomUUID();
        UUID open = UUID.randomUUID();
        EpochProgress epochs = new EpochProgress(2, 5, 7, "eo-g2-e5-" + open, Map.of("scope/in", "cut-text"),
                committing, UUID.randomUUID(), List.of(open));
        JobRecord record = JobRecord.of(JOB, JobState.RUNNING, RecordedOptions.of(options, Mode.STREAM),
                new JobRecord.Definition(spec, options.errorPolicy()), List.of(new StageRecord(0, 1, "jobs/x/", epochs)));

        JobRecord read = JobRecord.decode(JOB, record.encode());

        assertEquals(record, read);
        JobRecord.Definition d = read.decodeDefinition();
        assertEquals("shout", d.spec().stage(0).name());
        assertEquals("out", d.spec().sink().stream());
        assertEquals("dl", d.errorPolicy().deadLetterStream());
        JobOptions back = read.options().toOptions(d.errorPolicy());
        assertEquals("shouting", back.name());
        assertEquals(Duration.ofMillis(700), back.transactionWindow());
        assertEquals(Duration.ofSeconds(9), back.heartbeatTimeout());
        assertTrue(back.exactlyOnce());
        assertFalse(back.cleanup());
    }

    @Test
    void corruptNewerOrForeignRecordsGiveOneLineNamingTheJob() {
        assertUnreadable("{not json", "is not valid JSON");
        assertUnreadable("{\"jobId\":\"" + JOB + "\"}", "has no format version");
        assertUnreadable("{\"version\":99,\"jobId\":\"" + JOB + "\"}", "has format 99, newer than this manager reads");
        assertUnreadable("{\"version\":1,\"jobId\":\"jffffffffff\",\"state\":\"RUNNING\",\"stages\":[]}",
                "incomplete or names another job");
    }

    @Test
    void aDefinitionWhoseClassesAreMissingIsReportedNotThrownRaw() {
        JobRecord r = new JobRecord(1, JOB, JobState.RUNNING, null, "bm90IGEgc2VyaWFsaXplZCBvYmplY3Q=", List.of());
        UnreadableJobRecordException e = assertThrows(UnreadableJobRecordException.class, r::decodeDefinition);
        assertTrue(e.getMessage().startsWith("job " + JOB + " cannot be resumed: its pipeline cannot be loaded"),
                e.getMessage());
    }

    private static void assertUnreadable(String stored, String reason) {
        UnreadableJobRecordException e = assertThrows(UnreadableJobRecordException.class,
                () -> JobRecord.decode(JOB, stored.getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().startsWith("job " + JOB + " cannot be resumed: its record ")
                && e.getMessage().contains(reason), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals(JOB, e.jobId());
    }
}
