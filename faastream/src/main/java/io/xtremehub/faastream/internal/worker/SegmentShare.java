package io.xtremehub.faastream.internal.worker;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.impl.ReaderGroupManagerImpl;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderSegmentDistribution;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.ChannelPace;
import java.util.Map;

/**
 * Tells a reader when it holds more than its even share of its group's segments. Pravega's readers
 * hand surplus segments on one at a time, at most one per second or more and never while a
 * checkpoint waits for them, so after a worker joins or the input is rescaled an even spread takes
 * seconds; a reader that knows it holds too many can instead let go of all of them at once (close at
 * its position and join again) and take its share back with the others.
 */
final class SegmentShare implements AutoCloseable {
    /**
     * How often a short job's reader looks at its group's spread; each look reads the group's state
     * stream, so a long job's readers look about {@link #CHECKS_PER_SECOND} times a second in all.
     */
    static final long CHECK_MILLIS = 500;
    static final long CHECK_MAX_MILLIS = 2_000;
    static final long CHECKS_PER_SECOND = 100;
    /** After letting go, the others need a moment to take the segments before it is judged again. */
    static final long SETTLE_MILLIS = 2_000;

    private final ReaderGroup group;
    private final String readerId;
    private final long checkMillis;
    private long nextCheck;

    /** @param stages the job's stage count, which paces the looks */
    SegmentShare(PravegaContext ctx, String readerGroup, String readerId, int stages) {
        // on the worker's own connections (a manager of its own would open new ones per worker); the
        // manager is not closed: closing it closes the client factory, which other workers may share
        ReaderGroupManager groups = new ReaderGroupManagerImpl(ctx.scope(), ctx.controller(), ctx.clientFactory());
        this.group = groups.getReaderGroup(readerGroup);
        this.readerId = readerId;
        this.checkMillis = checkMillis(stages);
        this.nextCheck = System.currentTimeMillis() + checkMillis;
    }

    /**
     * Whether this reader holds more segments than the even share (rounded up) while every segment is
     * held; checked at most every {@link #checkMillis(int)}.
     */
    boolean holdsTooMany() {
        long now = System.currentTimeMillis();
        if (now < nextCheck) {
            return false;
        }
        nextCheck = now + checkMillis;
        ReaderSegmentDistribution d = group.getReaderSegmentDistribution();
        Map<String, Integer> held = d.getReaderSegmentDistribution();
        Integer mine = held.get(readerId);
        if (mine == null || d.getUnassignedSegments() > 0 || held.size() < 2) {
            return false;
        }
        int total = held.values().stream().mapToInt(Integer::intValue).sum();
        int share = (total + held.size() - 1) / held.size();
        return mine > share;
    }

    /** How often a reader of a job with this many stages looks at its group's spread. */
    static long checkMillis(int stages) {
        return ChannelPace.paced(stages, CHECK_MILLIS, CHECK_MAX_MILLIS, CHECKS_PER_SECOND);
    }

    /** The reader let go of its segments: give the others time to take them before judging again. */
    void released() {
        nextCheck = System.currentTimeMillis() + SETTLE_MILLIS;
    }

    @Override
    public void close() {
        group.close();
    }
}
