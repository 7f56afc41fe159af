package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.internal.graph.StageSpec;
import java.time.Duration;

/**
 * How long an exactly-once stage's epochs last. A reduce or sort in a batch holds its whole input
 * until the input ends, so an epoch checkpoint would save all of it again each time, and a roll-back
 * hands the input's segments to other workers than the ones holding their restored events (a key
 * would then be reduced, or a key range sorted, in two parts). Such a stage has one epoch: it is
 * committed when its input is complete and its workers finished, and a lost worker rolls it back to
 * the start of its input (the committed output of the stage before), which every worker reads again.
 */
final class BatchEpochs {
    private BatchEpochs() {
    }

    /** The transaction window of the stage: the job's, or never for a keyed stage of a batch. */
    static long windowMillis(Mode mode, StageSpec stage, Duration window) {
        return mode == Mode.BATCH && stage.keyed() ? Long.MAX_VALUE : window.toMillis();
    }
}
