package io.xtremehub.faastream.internal.io;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The scheduler to hand Pravega's {@code ReaderGroup.initiateCheckpoint}: it runs every task it is
 * given after at most {@code maxDelay}. The client (0.13) learns that a checkpoint has completed only
 * by reading the group's state every 500 ms, a figure it hard-codes; an exactly-once stage commits an
 * epoch only once its checkpoint is known complete, so every epoch, and every recovery's first one,
 * waited up to 500 ms more than it had to. Its poll is one read of the group's state segment from
 * where it last read: cheap enough to do ten times as often while a checkpoint is under way.
 */
public final class CheckpointPolls extends ScheduledThreadPoolExecutor {
    private final long maxDelayNanos;

    public CheckpointPolls(Duration maxDelay) {
        super(1, r -> {
            Thread t = new Thread(r, "faastream-checkpoint-polls");
            t.setDaemon(true);
            return t;
        });
        this.maxDelayNanos = maxDelay.toNanos();
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return super.schedule(command, capped(delay, unit), TimeUnit.NANOSECONDS);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return super.schedule(callable, capped(delay, unit), TimeUnit.NANOSECONDS);
    }

    private long capped(long delay, TimeUnit unit) {
        return Math.min(unit.toNanos(delay), maxDelayNanos);
    }
}
