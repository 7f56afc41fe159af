package io.xtremehub.nexus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test helper: a TCP relay that holds every byte for a fixed time in each direction before passing
 * it on, as a WAN link between sites does. It stands in for {@code tc netem delay} where the kernel
 * has no netem: workers advertise the relay's address, so their peers' traffic crosses it.
 */
final class DelayingRelay implements AutoCloseable {
    private static final byte[] END = new byte[0];

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final long delayNanos;
    private final AtomicLong relayed = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private DelayingRelay(ServerSocket server, InetSocketAddress target, Duration oneWay) {
        this.server = server;
        this.target = target;
        this.delayNanos = oneWay.toNanos();
    }

    /** Listens on {@code listen} and relays each connection to {@code target}, {@code oneWay} late each way. */
    static DelayingRelay start(InetSocketAddress listen, InetSocketAddress target, Duration oneWay)
            throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(listen, 64);
        DelayingRelay relay = new DelayingRelay(server, target, oneWay);
        daemon("relay-accept-" + listen.getPort(), relay::acceptLoop);
        return relay;
    }

    /** Bytes relayed so far, both directions. */
    long bytes() {
        return relayed.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                sockets.add(client);
                sockets.add(upstream);
                try {
                    upstream.connect(target, 10_000);
                } catch (IOException e) {
                    closeQuietly(client); // the peer sees the refusal as a reset
                    closeQuietly(upstream);
                    continue;
                }
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                pipe(client, upstream);
                pipe(upstream, client);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** One direction: a reader queues what arrives with its due time, a writer sends it when due. */
    private void pipe(Socket from, Socket to) {
        BlockingQueue<Piece> queue = new ArrayBlockingQueue<>(1024);
        daemon("relay-read", () -> {
            byte[] buf = new byte[64 * 1024];
            try (InputStream in = from.getInputStream()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    queue.put(new Piece(System.nanoTime() + delayNanos, Arrays.copyOf(buf, n)));
                }
            } catch (IOException | InterruptedException e) {
                // the connection went away: pass the end on
            }
            queue.offer(new Piece(System.nanoTime() + delayNanos, END));
        });
        daemon("relay-write", () -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Piece piece = queue.take();
                    long wait = piece.due - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                    byte[] bytes = piece.bytes;
                    if (bytes == END) {
                        to.shutdownOutput();
                        return;
                    }
                    out.write(bytes);
                    out.flush();
                    relayed.addAndGet(bytes.length);
                }
            } catch (IOException | InterruptedException e) {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    /** Bytes read at one time, to be written at {@code due} (System.nanoTime). */
    private record Piece(long due, byte[] bytes) {
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(DelayingRelay::closeQuietly);
    }
}
