package io.xtremehub.nexus.backend;

import java.time.Duration;
import java.util.Objects;

/**
 * How a worker stores bodies of unknown length in an S3 backend (as multipart uploads), and how it
 * cleans up after workers killed in the middle of one.
 *
 * @param partBufferBudget bytes all part buffers of the worker may hold together (at least one part, 5 MiB)
 * @param partBufferWait how long an upload waits for room in the budget before it is refused with 503 SlowDown
 * @param journalBucket the backend bucket that records the worker's open multipart uploads
 * @param abandonedAfter how long an open upload may go without a new part before it is taken as
 *     abandoned and aborted; it must exceed the longest one part of an upload takes (a live worker's
 *     upload stalled longer is aborted too, and fails)
 * @param sweepEvery how often a worker looks for abandoned uploads (it also does when it starts)
 */
public record S3Uploads(long partBufferBudget, Duration partBufferWait, String journalBucket,
                        Duration abandonedAfter, Duration sweepEvery) {
    /** Default of {@link #partBufferBudget}: 64 MiB, a dozen full parts in flight. */
    public static final long DEFAULT_PART_BUFFER_BUDGET = 64L << 20;
    /** Default of {@link #partBufferWait}. */
    public static final Duration DEFAULT_PART_BUFFER_WAIT = Duration.ofSeconds(30);
    /** Default of {@link #journalBucket}. */
    public static final String DEFAULT_JOURNAL_BUCKET = "nexus-uploads";
    /** Default of {@link #abandonedAfter}: far beyond any part's upload. */
    public static final Duration DEFAULT_ABANDONED_AFTER = Duration.ofHours(1);
    /** Default of {@link #sweepEvery}. */
    public static final Duration DEFAULT_SWEEP_EVERY = Duration.ofMinutes(10);

    /** Validates. */
    public S3Uploads {
        if (partBufferBudget < PartedPutBlobStore.MIN_PART_SIZE) {
            throw new IllegalArgumentException("the part buffer budget must hold at least one part of "
                    + PartedPutBlobStore.MIN_PART_SIZE + " bytes, not " + partBufferBudget);
        }
        if (Objects.requireNonNull(partBufferWait, "partBufferWait").isNegative()) {
            throw new IllegalArgumentException("the part buffer wait must not be negative, not " + partBufferWait);
        }
        if (journalBucket == null || journalBucket.isBlank()) {
            throw new IllegalArgumentException("the upload journal bucket needs a name");
        }
        if (Objects.requireNonNull(abandonedAfter, "abandonedAfter").isNegative()) {
            throw new IllegalArgumentException("the age of an abandoned upload must not be negative, not "
                    + abandonedAfter);
        }
        if (Objects.requireNonNull(sweepEvery, "sweepEvery").isZero() || sweepEvery.isNegative()) {
            throw new IllegalArgumentException("the upload sweep period must be positive, not " + sweepEvery);
        }
    }

    /** Every default. */
    public static S3Uploads defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link S3Uploads}. */
    public static final class Builder {
        private long partBufferBudget = DEFAULT_PART_BUFFER_BUDGET;
        private Duration partBufferWait = DEFAULT_PART_BUFFER_WAIT;
        private String journalBucket = DEFAULT_JOURNAL_BUCKET;
        private Duration abandonedAfter = DEFAULT_ABANDONED_AFTER;
        private Duration sweepEvery = DEFAULT_SWEEP_EVERY;

        private Builder() {
        }

        /** Bytes all part buffers may hold together (default 64 MiB, at least 5 MiB). */
        public Builder partBufferBudget(long bytes) {
            this.partBufferBudget = bytes;
            return this;
        }

        /** How long an upload waits for buffer room (default 30 s). */
        public Builder partBufferWait(Duration value) {
            this.partBufferWait = value;
            return this;
        }

        /** The bucket recording open uploads (default {@value #DEFAULT_JOURNAL_BUCKET}). */
        public Builder journalBucket(String value) {
            this.journalBucket = value;
            return this;
        }

        /** How long an open upload may go without a part before it is aborted (default 1 h). */
        public Builder abandonedAfter(Duration value) {
            this.abandonedAfter = value;
            return this;
        }

        /** How often to sweep (default 10 min). */
        public Builder sweepEvery(Duration value) {
            this.sweepEvery = value;
            return this;
        }

        /** The settings. */
        public S3Uploads build() {
            return new S3Uploads(partBufferBudget, partBufferWait, journalBucket, abandonedAfter, sweepEvery);
        }
    }
}
