package io.xtremehub.flink.sink;

import io.pravega.client.control.impl.Controller;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.Transaction;
import io.xtremehub.pravega.Controllers;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.flink.api.connector.sink2.Committer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the transactions of completed checkpoints, including those recovered from a
 * checkpoint after a failure. It talks to the controller directly: one commit call per
 * transaction (and a status check if that fails), all of a checkpoint in parallel. Committing is idempotent: a
 * transaction already committed (or committing) counts as done. A transaction Pravega
 * aborted (it outlived its timeout) fails the job with a message saying so, since its
 * records cannot be brought back.
 */
final class PravegaCommitter implements Committer<PravegaCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PravegaCommitter.class);
    private static final int MAX_RETRIES = 5;
    private static final String WRITER_ID = "flink-committer";

    private final PravegaSinkSettings settings;
    private final ScheduledExecutorService executor;
    private final Controller controller;

    PravegaCommitter(PravegaSinkSettings settings) {
        this.settings = settings;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pravega-committer");
            t.setDaemon(true);
            return t;
        });
        this.controller = Controllers.open(settings.connection().clientConfig(), 3, executor);
    }

    @Override
    public void commit(Collection<CommitRequest<PravegaCommittable>> requests) {
        List<CompletableFuture<Void>> commits = new ArrayList<>();
        for (CommitRequest<PravegaCommittable> request : requests) {
            commits.add(commit(request));
        }
        commits.forEach(CompletableFuture::join);
    }

    // One controller round trip when all is well: the commit is done on the task thread after each
    // checkpoint, so a status check first would add a second one to every checkpoint. Only when the
    // commit fails does the status say whether it was done before (a recovered committable) or lost.
    private CompletableFuture<Void> commit(CommitRequest<PravegaCommittable> request) {
        PravegaCommittable c = request.getCommittable();
        Stream stream = Stream.of(c.scope(), c.stream());
        return controller.commitTransaction(stream, WRITER_ID, null, c.transactionId())
                .thenApply(ok -> Outcome.COMMITTED)
                .exceptionallyCompose(commitError -> controller.checkTransactionStatus(stream, c.transactionId())
                        .thenApply(status -> switch (status) {
                            case COMMITTING, COMMITTED -> Outcome.ALREADY_COMMITTED;
                            // still open: the commit call itself failed (e.g. the controller is busy), retry
                            case OPEN -> throw new CompletionException(unwrap(commitError));
                            default -> Outcome.LOST;
                        }))
                .handle((outcome, error) -> {
                    if (error == null && outcome == Outcome.LOST) {
                        request.signalFailedWithUnknownReason(lost(c));
                    } else if (error == null && outcome == Outcome.ALREADY_COMMITTED) {
                        request.signalAlreadyCommitted();
                    } else if (error != null) {
                        onError(request, unwrap(error));
                    }
                    return null;
                });
    }

    private void onError(CommitRequest<PravegaCommittable> request, Throwable error) {
        PravegaCommittable c = request.getCommittable();
        if (request.getNumberOfRetries() < MAX_RETRIES) {
            LOG.warn("Commit of transaction {} on {}/{} failed, retrying: {}", c.transactionId(), c.scope(),
                    c.stream(), error.toString());
            request.retryLater();
        } else {
            request.signalFailedWithUnknownReason(new IllegalStateException("cannot commit Pravega transaction "
                    + c.transactionId() + " on " + c.scope() + "/" + c.stream() + " after " + MAX_RETRIES
                    + " attempts: " + error.getMessage(), error));
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private IllegalStateException lost(PravegaCommittable c) {
        return new IllegalStateException("Pravega transaction " + c.transactionId() + " on " + c.scope() + "/"
                + c.stream() + " was aborted and cannot be committed: it outlived its timeout of "
                + settings.transactionTimeoutMillis() + " ms before its checkpoint completed, so its records are"
                + " lost; raise the sink's transaction timeout above checkpoint duration plus recovery time");
    }

    private enum Outcome { COMMITTED, ALREADY_COMMITTED, LOST }

    @Override
    public void close() {
        controller.close();
        executor.shutdownNow();
    }
}
