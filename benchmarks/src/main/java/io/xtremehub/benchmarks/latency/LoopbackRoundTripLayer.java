package io.xtremehub.benchmarks.latency;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;

/**
 * A 1 KB request and a 4-byte answer over a loopback TCP connection (Nagle off), answered by a thread
 * of the same JVM that blocks in its read: the network part of a bookie add or a Pravega append with
 * its two thread wake-ups, and nothing else.
 */
final class LoopbackRoundTripLayer implements LatencyLayer {
    static final String NAME = "loopback TCP round trip (1 KB, 4-byte answer)";

    private final ServerSocket server;
    private final Socket client;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final Thread echo;

    LoopbackRoundTripLayer() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        client.setTcpNoDelay(true);
        Socket accepted = server.accept();
        accepted.setTcpNoDelay(true);
        echo = new Thread(() -> answerAll(accepted), "budget-loopback-echo");
        echo.setDaemon(true);
        echo.start();
        out = new DataOutputStream(client.getOutputStream());
        in = new DataInputStream(client.getInputStream());
    }

    private static void answerAll(Socket s) {
        byte[] request = new byte[1024];
        try (s; DataInputStream in = new DataInputStream(s.getInputStream());
             DataOutputStream out = new DataOutputStream(s.getOutputStream())) {
            while (true) {
                in.readFully(request);
                out.writeInt(request.length);
                out.flush();
            }
        } catch (IOException e) {
            // the client closed the connection: the layer is done
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        double[] millis = new double[events];
        byte[] request = new byte[1024];
        // closed loop per event: at these rates a round trip ends long before the next is due
        Pacer.run(eventsPerSecond, events, i -> {
            long t0 = System.nanoTime();
            out.write(request);
            out.flush();
            in.readInt();
            millis[i] = (System.nanoTime() - t0) / 1e6;
        });
        return Map.of(NAME, millis);
    }

    @Override
    public void close() throws Exception {
        client.close();
        server.close();
        echo.join(5_000);
    }
}
