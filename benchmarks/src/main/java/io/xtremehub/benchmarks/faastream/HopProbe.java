package io.xtremehub.benchmarks.faastream;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;

/** Diagnostic: per-hop latency of a two-function FaaStream chain next to a raw Pravega hop. */
public final class HopProbe {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(Files.createTempDirectory("probe")))) {
            String scope = StandaloneCluster.DEFAULT_SCOPE;
            ClientConfig cc = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
            try (StreamManager sm = StreamManager.create(cc);
                 EventStreamClientFactory f = EventStreamClientFactory.withScope(scope, cc);
                 ReaderGroupManager rgm = ReaderGroupManager.withScope(scope, cc);
                 Manager manager = Manager.builder().controllerUri(cluster.controllerUri())
                         .objectStore(io.xtremehub.faastream.ObjectStoreConfig.of(cluster.s3Endpoint(), cluster.config().ltsRegion(),
                                 cluster.config().ltsAccessKey(), cluster.config().ltsSecretKey()))
                         .platform(new ThreadPlatform()).build()) {
                StreamConfiguration one = StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build();
                // raw hop
                sm.createStream(scope, "raw", one);
                rgm.createReaderGroup("rawrg", ReaderGroupConfig.builder().stream(Stream.of(scope, "raw")).build());
                EventStreamWriter<byte[]> w = f.createEventWriter("raw", new ByteArraySerializer(), EventWriterConfig.builder().build());
                EventStreamReader<byte[]> r = f.createReader("r", "rawrg", new ByteArraySerializer(), ReaderConfig.builder().build());
                double[] flush = new double[n];
                double[] hop = new double[n];
                for (int i = 0; i < n + 3; i++) {
                    long t0 = System.nanoTime();
                    w.writeEvent(new byte[1024]);
                    w.flush();
                    long t1 = System.nanoTime();
                    EventRead<byte[]> e;
                    do {
                        e = r.readNextEvent(5000);
                    } while (e.getEvent() == null);
                    long t2 = System.nanoTime();
                    if (i >= 3) {
                        flush[i - 3] = (t1 - t0) / 1e6;
                        hop[i - 3] = (t2 - t0) / 1e6;
                    }
                    Thread.sleep(200);
                }
                print("raw writer write+flush", flush);
                print("raw write->read", hop);
                // FaaStream 2-function chain, each function stamps its time
                sm.createStream(scope, "in", one);
                sm.createStream(scope, "out", one);
                Job job = manager.execute(Pipeline.fromStream("in", Serializers.bytes())
                        .map(b -> stamp(b, 8), Serializers.bytes())
                        .map(b -> stamp(b, 16), Serializers.bytes())
                        .writeToStream("out"), JobOptions.builder().mode(Mode.STREAM).build());
                rgm.createReaderGroup("outrg", ReaderGroupConfig.builder().stream(Stream.of(scope, "out")).build());
                EventStreamWriter<byte[]> in = f.createEventWriter("in", new ByteArraySerializer(), EventWriterConfig.builder().build());
                EventStreamReader<byte[]> out = f.createReader("o", "outrg", new ByteArraySerializer(), ReaderConfig.builder().build());
                double[] h1 = new double[n];
                double[] h2 = new double[n];
                double[] h3 = new double[n];
                double[] tot = new double[n];
                double[] fl = new double[n];
                for (int i = 0; i < n + 3; i++) {
                    byte[] b = new byte[1024];
                    long t0 = System.nanoTime();
                    ByteBuffer.wrap(b).putLong(0, t0);
                    in.writeEvent(b);
                    in.flush();
                    long tf = System.nanoTime();
                    EventRead<byte[]> e;
                    do {
                        e = out.readNextEvent(30000);
                    } while (e.getEvent() == null);
                    long t3 = System.nanoTime();
                    ByteBuffer bb = ByteBuffer.wrap(e.getEvent());
                    if (i >= 3) {
                        h1[i - 3] = (bb.getLong(8) - t0) / 1e6;
                        h2[i - 3] = (bb.getLong(16) - bb.getLong(8)) / 1e6;
                        h3[i - 3] = (t3 - bb.getLong(16)) / 1e6;
                        tot[i - 3] = (t3 - t0) / 1e6;
                        fl[i - 3] = (tf - t0) / 1e6;
                    }
                    Thread.sleep(args.length > 1 ? Long.parseLong(args[1]) : 1000);
                }
                print("source write+flush", fl);
                print("source -> f1", h1);
                print("f1 -> f2", h2);
                print("f2 -> sink reader", h3);
                print("total", tot);
                job.cancel();
            }
        }
        System.exit(0);
    }

    static byte[] stamp(byte[] b, int at) {
        byte[] o = b.clone();
        ByteBuffer.wrap(o).putLong(at, System.nanoTime());
        return o;
    }

    static void print(String what, double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        System.out.printf("PROBE %-24s p50 %7.2f  p95 %7.2f  max %7.2f ms%n", what, s[s.length / 2],
                s[(int) Math.ceil(0.95 * s.length) - 1], s[s.length - 1]);
    }
}
