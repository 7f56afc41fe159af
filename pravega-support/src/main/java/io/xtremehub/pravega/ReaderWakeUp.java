package io.xtremehub.pravega;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.segment.impl.SegmentInputStreamFactory;
import io.pravega.client.stream.impl.ClientFactoryImpl;
import java.lang.reflect.Field;

/**
 * Makes the event readers of a client factory wake when their data has arrived (see
 * {@link SignallingSegmentReader} for the lost wake-up of Pravega 0.13 this closes: a reader in
 * {@code readNextEvent(timeout)} sleeping its whole wait, up to a second per call, with the reply in
 * hand). Call it on a factory before creating readers from it; readers created after that use it.
 *
 * <pre>
 * EventStreamClientFactory clients = ReaderWakeUp.install(EventStreamClientFactory.withScope(scope, config));
 * </pre>
 *
 * The factory keeps its segment input factory in a private field; this class is the one place
 * that replaces it.
 */
public final class ReaderWakeUp {
    private static final Field IN_FACTORY = inFactoryField();

    private ReaderWakeUp() {
    }

    /** Installs the wake-up on this factory's future readers and returns the factory. */
    public static EventStreamClientFactory install(EventStreamClientFactory clients) {
        if (!(clients instanceof ClientFactoryImpl)) {
            throw new UnsupportedPravegaClientException("a reader wake-up needs the client's own ClientFactoryImpl, got "
                    + clients.getClass().getName(), null);
        }
        try {
            synchronized (clients) {
                SegmentInputStreamFactory current = (SegmentInputStreamFactory) IN_FACTORY.get(clients);
                if (!(current instanceof SignallingSegmentReaders)) {
                    IN_FACTORY.set(clients, new SignallingSegmentReaders(current));
                }
            }
        } catch (IllegalAccessException e) {
            throw new UnsupportedPravegaClientException(ClientFactoryImpl.class.getName() + ".inFactory cannot be replaced", e);
        }
        return clients;
    }

    /** Whether readers created from this factory from now on have the wake-up. */
    public static boolean isInstalled(EventStreamClientFactory clients) {
        try {
            return clients instanceof ClientFactoryImpl && IN_FACTORY.get(clients) instanceof SignallingSegmentReaders;
        } catch (IllegalAccessException e) {
            throw new UnsupportedPravegaClientException(ClientFactoryImpl.class.getName() + ".inFactory cannot be read", e);
        }
    }

    private static Field inFactoryField() {
        try {
            Field f = ClientFactoryImpl.class.getDeclaredField("inFactory");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedPravegaClientException(ClientFactoryImpl.class.getName() + " has no 'inFactory' field", e);
        }
    }
}
