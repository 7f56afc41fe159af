package io.xtremehub.standalone.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Checks the cluster's components on a short period and reports the first one that died,
 * once. Without it a dead bookie leaves the segment store retrying its recovery for ever
 * while the cluster looks up.
 */
public final class ComponentWatchdog implements AutoCloseable {
    private static final Duration PERIOD = Duration.ofMillis(500);

    private final List<MonitoredComponent> components = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "xtremehub-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final Consumer<String> onDeath;
    private volatile String death;
    private volatile boolean closed;

    /** {@code onDeath} gets one line naming the component and how it stopped; it runs at most once. */
    public ComponentWatchdog(Consumer<String> onDeath) {
        this.onDeath = onDeath;
        timer.scheduleWithFixedDelay(this::check, PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void watch(MonitoredComponent component) {
        components.add(component);
    }

    /** The line reported for the first component that died, or null while all run. */
    public String death() {
        return death;
    }

    private void check() {
        for (MonitoredComponent component : components) {
            String failure = component.failure();
            if (failure != null && !closed) {
                death = component.componentName() + " " + failure;
                timer.shutdown();
                onDeath.accept(death);
                return;
            }
        }
    }

    /** Stops watching; called before the components are stopped on purpose. */
    @Override
    public void close() {
        closed = true;
        timer.shutdown();
    }
}
