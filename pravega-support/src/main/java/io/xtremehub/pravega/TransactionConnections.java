package io.xtremehub.pravega;

import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.SegmentTransaction;
import io.pravega.client.stream.impl.TransactionalEventStreamWriterImpl;
import java.lang.reflect.Field;
import java.util.Map;

/**
 * Closes a writer's segment connections of a transaction it has flushed and left, without committing
 * or aborting it (whoever coordinates the transaction does that). The client closes them only on
 * commit or abort and keeps them in a private map, so a writer that joins one transaction after
 * another would otherwise keep a connection flow per segment per transaction.
 */
public final class TransactionConnections {
    private static final String TXN_CLASS = TransactionalEventStreamWriterImpl.class.getName() + "$TransactionImpl";
    private static final Field INNER = innerField();

    private TransactionConnections() {
    }

    /** Flushes and closes the transaction's segment writers of this client; the transaction stays open. */
    @SuppressWarnings("unchecked")
    public static void release(Transaction<?> txn) throws TxnFailedException {
        try {
            Map<?, SegmentTransaction<?>> segmentWriters = (Map<?, SegmentTransaction<?>>) INNER.get(txn);
            if (segmentWriters == null) {
                return; // a transaction this client only looked up, never wrote to
            }
            for (SegmentTransaction<?> s : segmentWriters.values()) {
                s.close();
            }
        } catch (IllegalAccessException e) {
            throw new UnsupportedPravegaClientException(TXN_CLASS + ".inner cannot be read", e);
        }
    }

    private static Field innerField() {
        try {
            Field f = Class.forName(TXN_CLASS).getDeclaredField("inner");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedPravegaClientException(TXN_CLASS + " has no 'inner' map", e);
        }
    }
}
