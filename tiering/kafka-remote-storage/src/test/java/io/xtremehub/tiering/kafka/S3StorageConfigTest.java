package io.xtremehub.tiering.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class S3StorageConfigTest {
    @Test
    void defaultsNeedOnlyABucket() {
        S3StorageConfig config = new S3StorageConfig(Map.of("s3.bucket.name", "tiered", "broker.id", "0"));
        assertEquals("tiered", config.bucket());
        assertNull(config.endpoint());
        assertEquals("us-east-1", config.region());
        assertTrue(config.pathStyle());
        assertEquals("", config.keyPrefix());
        assertNull(config.accessKey());
        assertEquals(8 << 20, config.partSize());
    }

    @Test
    void readsEveryKey() {
        S3StorageConfig config = new S3StorageConfig(Map.of("s3.bucket.name", "b", "s3.endpoint.url",
                "http://127.0.0.1:9000", "s3.region", "eu-west-1", "s3.path.style.access.enabled", "false",
                "key.prefix", "kafka/", "aws.access.key.id", "a", "aws.secret.access.key", "s",
                "s3.multipart.upload.part.size", "10485760"));
        assertEquals(URI.create("http://127.0.0.1:9000"), config.endpoint());
        assertEquals("eu-west-1", config.region());
        assertEquals(false, config.pathStyle());
        assertEquals("kafka/", config.keyPrefix());
        assertEquals("a", config.accessKey());
        assertEquals("s", config.secretKey());
        assertEquals(10 << 20, config.partSize());
    }

    @Test
    void badValuesAreRefusedWithOneLineNamingTheKey() {
        assertMessage("s3.bucket.name", Map.of());
        assertMessage("aws.secret.access.key", Map.of("s3.bucket.name", "b", "aws.access.key.id", "a"));
        assertMessage("s3.endpoint.url", Map.of("s3.bucket.name", "b", "s3.endpoint.url", "nexus:9000"));
        assertMessage("s3.multipart.upload.part.size", Map.of("s3.bucket.name", "b",
                "s3.multipart.upload.part.size", "1000"));
    }

    private static void assertMessage(String key, Map<String, String> properties) {
        ConfigException e = assertThrows(ConfigException.class, () -> new S3StorageConfig(properties));
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
}
