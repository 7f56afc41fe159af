package io.xtremehub.standalone.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Marker;

/**
 * Logs a warning or error of an embedded component once per window and counts its repeats,
 * instead of writing it (often with a stack trace) on every attempt: a client retrying
 * against a stopped cluster, or a segment container failing its recovery in a loop, once
 * grew the log file by gigabytes. The count goes into the log when the message comes back
 * after its window. Messages are told apart by logger, message pattern and exception type;
 * XtremeHub's own lines are never held back.
 */
public final class RepeatedMessageFilter extends TurboFilter {
    /** Logger of the "repeated N times" lines; the logback configuration sends it to the file only. */
    static final String SUMMARY_LOGGER = "io.xtremehub.standalone.logging.Repeats";
    private static final int MAX_TRACKED = 10_000;

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private long windowMillis = 60_000;
    private LongSupplier clock = System::currentTimeMillis;

    /** Set from the logback configuration: {@code <windowSeconds>60</windowSeconds>}. */
    public void setWindowSeconds(long seconds) {
        this.windowMillis = seconds * 1000;
    }

    void setClock(LongSupplier millis) {
        this.clock = millis;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (format == null || !level.isGreaterOrEqual(Level.WARN) || logger.getName().startsWith("io.xtremehub")) {
            return FilterReply.NEUTRAL;
        }
        if (windows.size() > MAX_TRACKED) {
            windows.clear(); // many distinct messages are no loop; forget rather than grow
        }
        Throwable thrown = t != null ? t
                : params != null && params.length > 0 && params[params.length - 1] instanceof Throwable last ? last : null;
        String key = logger.getName() + '|' + format + '|' + (thrown == null ? "" : thrown.getClass().getName());
        long now = clock.getAsLong();
        Window before = windows.get(key);
        Window after = windows.compute(key, (k, open) -> open == null || now - open.start >= windowMillis
                ? new Window(now, 0) : new Window(open.start, open.repeats + 1));
        if (after.repeats > 0) {
            return FilterReply.DENY;
        }
        if (before != null && before.repeats > 0) {
            logger.getLoggerContext().getLogger(SUMMARY_LOGGER).warn("{} repeated {} more times within {} s: {}",
                    logger.getName(), before.repeats, windowMillis / 1000, format);
        }
        return FilterReply.NEUTRAL;
    }

    private record Window(long start, long repeats) {
    }
}
