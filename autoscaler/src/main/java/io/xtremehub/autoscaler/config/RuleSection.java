package io.xtremehub.autoscaler.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A rule in YAML, chosen by its {@code type}. Bounds default to 1..64. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = RuleSection.SegmentsRatio.class, name = "segments-ratio"),
    @JsonSubTypes.Type(value = RuleSection.ComputeAware.class, name = "compute-aware"),
    @JsonSubTypes.Type(value = RuleSection.StreamMinSegments.class, name = "stream-min-segments"),
    @JsonSubTypes.Type(value = RuleSection.StreamRate.class, name = "stream-rate")
})
public sealed interface RuleSection {
    String stream();

    Integer min();

    Integer max();

    /** Task managers or parallelism = ceil(segments / segmentsPerTaskManager). */
    record SegmentsRatio(String stream, Double segmentsPerTaskManager, Integer min, Integer max) implements RuleSection {
        public SegmentsRatio {
            segmentsPerTaskManager = segmentsPerTaskManager == null ? 1.0 : segmentsPerTaskManager;
        }
    }

    /** Sized by the job's true processing rate against the stream's write rate and backlog. */
    record ComputeAware(String stream, String job, Double targetUtilization, Double catchUpSeconds,
                        Boolean capBySegments, Integer min, Integer max) implements RuleSection { }

    /** The stream's minimum segments follow the job's back-pressure, backlog and idleness. */
    record StreamMinSegments(String stream, String job, Double backPressureHigh, Long lagBytesHigh,
                             Double idleBusyRatio, Integer min, Integer max) implements RuleSection { }

    /** The stream's segments follow its write rate: give exactly one of the two targets per segment. */
    record StreamRate(String stream, Double eventsPerSegment, Double kbytesPerSegment, Integer min, Integer max)
            implements RuleSection { }
}
