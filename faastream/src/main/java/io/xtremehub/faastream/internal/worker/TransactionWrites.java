package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.pravega.TransactionConnections;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly-once: events go into a Pravega transaction the stage's manager opened (this worker joins
 * it by id) and become visible only when the manager commits it after the epoch's checkpoint.
 * Closing neither commits nor aborts: that is the manager's decision.
 */
final class TransactionWrites implements EventWrites {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionWrites.class);
    private final TransactionalEventStreamWriter<ByteBuffer> writer;
    private final String stream;
    private Transaction<ByteBuffer> txn;

    TransactionWrites(PravegaContext ctx, String stream, String writerId) {
        this.stream = stream;
        this.writer = ctx.events().createTransactionalEventWriter(writerId, stream, new ByteBufferSerializer(),
                EventWriterConfig.builder().build());
    }

    /**
     * Writes from now on go into transaction {@code id}. Not checked again here: {@code getTxn} asked the
     * controller already, and one that is not open any more fails the first write or flush (one controller
     * call fewer per worker and epoch).
     */
    void use(UUID id) {
        Transaction<ByteBuffer> t = writer.getTxn(id);
        Transaction<ByteBuffer> previous = txn;
        txn = t;
        if (previous != null) {
            release(previous);
        }
    }

    /** Closes this writer's connections of a transaction it left (the manager commits or aborts it). */
    private static void release(Transaction<ByteBuffer> t) {
        try {
            TransactionConnections.release(t);
        } catch (TxnFailedException | RuntimeException e) {
            LOG.debug("could not release the segment writers of transaction {}: {}", t.getTxnId(), e.toString());
        }
    }

    @Override
    public void write(String routingKey, ByteBuffer event) {
        if (txn == null) {
            throw new IllegalStateException("no transaction to write to on " + stream + " yet");
        }
        try {
            if (routingKey == null) {
                txn.writeEvent(event);
            } else {
                txn.writeEvent(routingKey, event);
            }
        } catch (TxnFailedException e) {
            throw new IllegalStateException("transaction " + txn.getTxnId() + " on " + stream
                    + " is no longer open (aborted or timed out)", e);
        }
    }

    @Override
    public void flush() {
        if (txn == null) {
            return;
        }
        try {
            txn.flush();
        } catch (TxnFailedException e) {
            throw new IllegalStateException("transaction " + txn.getTxnId() + " on " + stream
                    + " is no longer open (aborted or timed out)", e);
        }
    }

    @Override
    public void close() {
        if (txn != null) {
            release(txn);
        }
        writer.close();
    }
}
