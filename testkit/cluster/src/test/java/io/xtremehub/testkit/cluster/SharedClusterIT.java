package io.xtremehub.testkit.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.xtremehub.testkit.RedisServer;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JVM-wide cluster: what it injects, and that its helpers move real data. */
@EmbeddedCluster(redis = true)
class SharedClusterIT {
    @Provided
    static TestCluster staticField;
    @Provided
    TestCluster instanceField;

    @Test
    void fieldsAndParametersGetTheSameClusterAndItsClients(TestCluster parameter, ClientConfig config) {
        assertSame(staticField, parameter);
        assertSame(instanceField, parameter);
        assertSame(parameter.clientConfig(), config);
        assertEquals(parameter.controllerUri(), config.getControllerURI());
    }

    @Test
    void streamsAreCreatedUnderUniqueNamesAndCarryEvents(TestCluster cluster) {
        String a = cluster.newStream("kit", 2);
        String b = cluster.newStream("kit", 1);
        assertTrue(!a.equals(b) && cluster.events().streamExists(a) && cluster.events().streamExists(b), a + " " + b);

        cluster.events().writeKeyedByText(a, List.of("x", "y", "x"));
        assertEquals(List.of("x", "x", "y"), cluster.events().readSegments(a).stream().sorted().toList());
        cluster.events().writeStrings(b, List.of("1", "2", "3"));
        assertEquals(List.of("1", "2", "3"), cluster.events().readStrings(b, 3, Duration.ofSeconds(60)));
        assertEquals(List.of("1", "2", "3"), cluster.events().readAllStrings(b, Duration.ofSeconds(60)));
    }

    @Test
    void bucketsHoldObjectsThroughNexus(TestCluster cluster) {
        String bucket = cluster.newBucket("kit");
        cluster.objects().put(bucket, "p/2", "world".getBytes(StandardCharsets.UTF_8));
        cluster.objects().put(bucket, "p/1", "hello ".getBytes(StandardCharsets.UTF_8));
        cluster.objects().put(bucket, "q/1", "other".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("p/1", "p/2"), cluster.objects().keys(bucket, "p/"));
        assertArrayEquals("hello world".getBytes(StandardCharsets.UTF_8), cluster.objects().concat(bucket, "p/"));
    }

    @Test
    void getsThroughNexusAreRecorded(TestCluster cluster) {
        String bucket = cluster.newBucket("kit");
        cluster.objects().put(bucket, "rec/a", new byte[100]);
        try (var gets = cluster.recordGets(bucket, "rec/")) {
            cluster.s3().getObjectAsBytes(r -> r.bucket(bucket).key("rec/a").range("bytes=10-19"));
            assertEquals(1, gets.gets());
            assertEquals(10, gets.servedBytes("rec/a"));
        }
    }

    @Test
    void redisAnswers(RedisServer redis) throws Exception {
        try (Socket s = new Socket(redis.host(), redis.port())) {
            s.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            assertEquals("+PONG", new String(in.readNBytes(5), StandardCharsets.US_ASCII));
        }
    }
}
