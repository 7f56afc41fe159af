package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.Serializer;
import java.io.Serializable;
import java.util.List;

/** A whole pipeline as workers receive it: source, stages in order, sink. */
public record JobSpec(SourceSpec source, List<StageSpec> stages, SinkSpec sink) implements Serializable {
    public StageSpec stage(int i) {
        return stages.get(i);
    }

    public int stageCount() {
        return stages.size();
    }

    /** The serializer of the events stage {@code i} reads. */
    public Serializer<?> inputSerializer(int i) {
        return i == 0 ? source.serializer() : stages.get(i - 1).outputSerializer();
    }

    public boolean lastStage(int i) {
        return i == stages.size() - 1;
    }

    /** "stage 2 (split)": how errors name a stage. */
    public String stageLabel(int i) {
        return "stage " + (i + 1) + " (" + stages.get(i).name() + ")";
    }
}
