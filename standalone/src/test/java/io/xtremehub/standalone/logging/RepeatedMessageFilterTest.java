package io.xtremehub.standalone.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RepeatedMessageFilterTest {
    private final LoggerContext context = new LoggerContext();
    private final ListAppender<ILoggingEvent> written = new ListAppender<>();
    private final AtomicLong now = new AtomicLong(1_000_000);

    @BeforeEach
    void configure() {
        RepeatedMessageFilter filter = new RepeatedMessageFilter();
        filter.setWindowSeconds(60);
        filter.setClock(now::get);
        filter.start();
        context.addTurboFilter(filter);
        written.setContext(context);
        written.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(written);
    }

    private List<String> lines() {
        return written.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aRetryLoopIsWrittenOnceAMinuteWithItsCount() {
        Logger client = context.getLogger("io.pravega.client.connection");
        for (int i = 0; i < 5_000; i++) {
            client.warn("Connection to {} failed, retrying", "127.0.0.1:12345", new ConnectException("refused"));
        }
        assertEquals(List.of("Connection to 127.0.0.1:12345 failed, retrying"), lines());

        now.addAndGet(60_000);
        client.warn("Connection to {} failed, retrying", "127.0.0.1:12345", new ConnectException("refused"));
        assertEquals(List.of("Connection to 127.0.0.1:12345 failed, retrying",
                "io.pravega.client.connection repeated 4999 more times within 60 s: Connection to {} failed, retrying",
                "Connection to 127.0.0.1:12345 failed, retrying"), lines());
    }

    @Test
    void differentMessagesExceptionsAndOurOwnLinesAllPass() {
        Logger bookie = context.getLogger("org.apache.bookkeeper.bookie.Bookie");
        bookie.warn("journal slow");
        bookie.warn("ledger {} missing", 1);
        bookie.warn("ledger {} missing", 2, new IOException("disk"));
        bookie.info("info is not held back");
        bookie.info("info is not held back");
        Logger ours = context.getLogger("io.xtremehub.standalone.StandaloneCluster");
        ours.error("XtremeHub cluster stopped");
        ours.error("XtremeHub cluster stopped");
        assertEquals(List.of("journal slow", "ledger 1 missing", "ledger 2 missing", "info is not held back",
                "info is not held back", "XtremeHub cluster stopped", "XtremeHub cluster stopped"), lines());
    }
}
