package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.PravegaContext;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes one stage's epochs visible or throws them away, across all a stage writes in an epoch: its
 * output stream's Pravega transaction (whose id names the epoch; a stage that writes a bucket sink
 * has none and takes a random id), the sink parts staged under the epoch (published by copy), and
 * the dead letters staged under it (written into a transaction of the dead-letter stream that is
 * committed with the epoch). Every step of a commit can be repeated, so a manager that resumes the
 * stage finishes a commit its predecessor recorded but did not complete.
 */
final class EpochCommits implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EpochCommits.class);

    private final String label;
    /** Null when the stage writes a bucket sink. */
    private final TransactionalEventStreamWriter<ByteBuffer> output;
    private final String outputName;
    /** The bucket staged sink parts are published to, or null when the stage writes a stream. */
    private final String sinkBucket;
    /** Null when the job has no dead-letter stream. */
    private final TransactionalEventStreamWriter<ByteBuffer> deadLetters;
    private final String deadLetterStream;
    private final EpochStaging staging;
    private final Map<UUID, Transaction<ByteBuffer>> open = new HashMap<>();
    /** Runs the aborts of {@link #abortLater}, one after another; created on first use. */
    private ExecutorService background;

    /**
     * @param outputStream     the stream the stage writes, or null when it writes {@code sinkBucket}
     * @param deadLetterStream the job's dead-letter stream, or null
     */
    EpochCommits(String label, PravegaContext ctx, String writerId, String outputStream, String sinkBucket,
                 String deadLetterStream, EpochStaging staging) {
        this.label = label;
        this.outputName = outputStream != null ? outputStream : "bucket " + sinkBucket;
        this.sinkBucket = sinkBucket;
        this.deadLetterStream = deadLetterStream;
        this.staging = staging;
        this.output = outputStream == null ? null : ctx.events().createTransactionalEventWriter(writerId,
                outputStream, new ByteBufferSerializer(), EventWriterConfig.builder().build());
        this.deadLetters = deadLetterStream == null ? null : ctx.events().createTransactionalEventWriter(
                writerId + "-dl", deadLetterStream, new ByteBufferSerializer(), EventWriterConfig.builder().build());
    }

    /** Begins an epoch; its id is what the workers write under. */
    UUID begin() {
        if (output == null) {
            return UUID.randomUUID();
        }
        Transaction<ByteBuffer> txn = output.beginTxn();
        open.put(txn.getTxnId(), txn);
        return txn.getTxnId();
    }

    /**
     * The first half of a commit, before it is recorded: copies the epoch's staged dead letters
     * into a new transaction of the dead-letter stream.
     *
     * @return that transaction, to record and commit with the epoch; null when there are none
     */
    UUID prepare(UUID epoch) {
        if (deadLetters == null) {
            return null;
        }
        var blocks = staging.deadLetters(epoch);
        if (blocks.isEmpty()) {
            return null;
        }
        Transaction<ByteBuffer> txn = deadLetters.beginTxn();
        try {
            for (byte[] block : blocks) {
                int start = 0;
                for (int i = 0; i < block.length; i++) {
                    if (block[i] == '\n') {
                        txn.writeEvent(ByteBuffer.wrap(block, start, i - start));
                        start = i + 1;
                    }
                }
            }
            txn.flush();
        } catch (TxnFailedException e) {
            abortQuietly(txn);
            throw new IllegalStateException(label + ": the dead letters of an epoch could not be written to "
                    + deadLetterStream + " (its transaction timed out)", e);
        }
        return txn.getTxnId();
    }

    /** The second half, once recorded: commits the epoch and its dead letters and publishes its sink parts. */
    void commit(UUID epoch, UUID deadLetterTxn, long number) {
        if (output != null) {
            Transaction<ByteBuffer> txn = open.remove(epoch);
            try {
                (txn != null ? txn : output.getTxn(epoch)).commit();
            } catch (TxnFailedException e) {
                throw new IllegalStateException(label + ": the transaction of epoch " + number + " on " + outputName
                        + " could not be committed (it timed out or was aborted)", e);
            }
        }
        if (deadLetterTxn != null) {
            finish(deadLetters, deadLetterTxn, number, deadLetterStream);
        }
        if (sinkBucket != null || deadLetters != null) {
            // only a bucket sink and dead letters stage objects to publish: otherwise two listings saved per commit
            staging.publish(epoch, sinkBucket);
        }
    }

    /**
     * Waits until a commit made by {@link #commit} is readable: Pravega completes a transaction's
     * commit in the background, and a batch job counts as done only when its output can be read.
     */
    void awaitCommitted(UUID epoch, UUID deadLetterTxn, long number, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        awaitCommitted(output, epoch, number, outputName, deadline);
        awaitCommitted(deadLetters, deadLetterTxn, number, deadLetterStream, deadline);
    }

    private void awaitCommitted(TransactionalEventStreamWriter<ByteBuffer> writer, UUID id, long number,
                                String where, long deadline) {
        if (writer == null || id == null) {
            return;
        }
        Transaction<ByteBuffer> txn = writer.getTxn(id);
        Transaction.Status status;
        while ((status = txn.checkStatus()) != Transaction.Status.COMMITTED) {
            if (status != Transaction.Status.COMMITTING || System.nanoTime() > deadline) {
                throw new IllegalStateException(label + ": commit " + number + " on " + where
                        + " did not complete (transaction " + status.name().toLowerCase() + ")");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(label + ": interrupted while waiting for a commit on " + where, e);
            }
        }
    }

    /** Completes a recorded commit that a manager which is gone may not have finished; repeatable. */
    void finishCommit(UUID epoch, UUID deadLetterTxn, long number) {
        if (output != null) {
            finish(output, epoch, number, outputName);
        }
        if (deadLetterTxn != null) {
            finish(deadLetters, deadLetterTxn, number, deadLetterStream);
        }
        int parts = staging.publish(epoch, sinkBucket);
        LOG.info("{}: finished the commit of epoch {} ({} sink parts published now)", label, number, parts);
    }

    private void finish(TransactionalEventStreamWriter<ByteBuffer> writer, UUID id, long number, String where) {
        Transaction<ByteBuffer> txn = writer.getTxn(id);
        Transaction.Status status = txn.checkStatus();
        try {
            switch (status) {
                case OPEN -> txn.commit();
                case COMMITTING, COMMITTED -> {
                }
                default -> throw new IllegalStateException(label + ": the transaction of committed epoch " + number
                        + " on " + where + " was " + status.name().toLowerCase() + " before its commit (it timed"
                        + " out); that epoch's results are lost, rerun the job from its input");
            }
        } catch (TxnFailedException e) {
            throw new IllegalStateException(label + ": the transaction of committed epoch " + number + " on "
                    + where + " could not be committed", e);
        }
    }

    /** Throws an epoch away: aborts its transaction and deletes what it staged. Never fails. */
    void abort(UUID epoch) {
        abort(epoch, open.remove(epoch));
    }

    /**
     * Throws an epoch away like {@link #abort}, on a thread of its own: for a roll-back, which must
     * only never commit the epoch, not wait for its abort (a controller call and a listing of the
     * object store each, a second or more on a busy machine). Should the manager die before it is
     * done, the transaction times out (Pravega aborts it) and the job's cleanup deletes what it staged.
     */
    void abortLater(UUID epoch) {
        Transaction<ByteBuffer> txn = open.remove(epoch);
        if (background == null) {
            background = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "epoch-aborts-" + label);
                t.setDaemon(true);
                return t;
            });
        }
        background.execute(() -> abort(epoch, txn));
    }

    private void abort(UUID epoch, Transaction<ByteBuffer> txn) {
        if (output != null) {
            try {
                abortQuietly(txn != null ? txn : output.getTxn(epoch));
            } catch (RuntimeException e) {
                LOG.debug("{}: transaction {} not found to abort: {}", label, epoch, e.toString());
            }
        }
        try {
            staging.discard(epoch);
        } catch (RuntimeException e) {
            // left for the job's cleanup: nothing publishes an aborted epoch's objects
            LOG.warn("{}: could not delete the staged objects of aborted epoch {}: {}", label, epoch, e.toString());
        }
    }

    private void abortQuietly(Transaction<ByteBuffer> t) {
        try {
            t.abort();
        } catch (RuntimeException e) {
            LOG.debug("{}: abort of transaction {} failed: {}", label, t.getTxnId(), e.toString());
        }
    }

    @Override
    public void close() {
        if (background != null) {
            background.shutdown();
            try {
                if (!background.awaitTermination(30, TimeUnit.SECONDS)) {
                    LOG.warn("{}: aborts still under way after 30 s; the transactions time out instead", label);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (output != null) {
            output.close();
        }
        if (deadLetters != null) {
            deadLetters.close();
        }
    }
}
