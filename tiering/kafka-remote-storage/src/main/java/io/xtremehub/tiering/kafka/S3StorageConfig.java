package io.xtremehub.tiering.kafka;

import java.net.URI;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;

/**
 * Configuration of {@link S3RemoteStorageManager}. The broker hands the plugin every broker property
 * that starts with {@code rsm.config.}, without that prefix; so {@code rsm.config.s3.bucket.name}
 * in {@code server.properties} is {@link #BUCKET} here. The key names are those of the Aiven S3
 * plugin, so an operator switching plugins keeps the same configuration.
 */
public final class S3StorageConfig extends AbstractConfig {
    /** Bucket that receives the segments (required). */
    public static final String BUCKET = "s3.bucket.name";
    /** S3 endpoint, e.g. a Nexus or MinIO address; empty means AWS' own endpoint for the region. */
    public static final String ENDPOINT = "s3.endpoint.url";
    /** Region used to sign requests. */
    public static final String REGION = "s3.region";
    /** Whether buckets are addressed in the path (Nexus, MinIO) rather than in the host name. */
    public static final String PATH_STYLE = "s3.path.style.access.enabled";
    /** Prefix put in front of every object key (may be empty; end it with '/' for a folder). */
    public static final String KEY_PREFIX = "key.prefix";
    /** Access key; without it the AWS SDK's default credentials chain is used. */
    public static final String ACCESS_KEY = "aws.access.key.id";
    /** Secret key that goes with {@link #ACCESS_KEY}. */
    public static final String SECRET_KEY = "aws.secret.access.key";
    /** Size of each part of a multipart upload; segments larger than one part go multipart. */
    public static final String PART_SIZE = "s3.multipart.upload.part.size";
    /** Time limit of one S3 call, retries included. */
    public static final String API_CALL_TIMEOUT_MS = "s3.api.call.timeout.ms";

    /** S3 refuses parts under 5 MiB, except the last one. */
    static final int MIN_PART_SIZE = 5 << 20;

    private static final ConfigDef DEFINITION = new ConfigDef()
            .define(BUCKET, Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(), Importance.HIGH,
                    "Bucket that receives the tiered segments.")
            .define(ENDPOINT, Type.STRING, "", Importance.HIGH,
                    "S3 endpoint URL (Nexus, MinIO...); empty for AWS S3 in the configured region.")
            .define(REGION, Type.STRING, "us-east-1", new ConfigDef.NonEmptyString(), Importance.MEDIUM,
                    "Region used to sign requests.")
            .define(PATH_STYLE, Type.BOOLEAN, true, Importance.MEDIUM,
                    "Address buckets in the URL path (needed by Nexus and MinIO).")
            .define(KEY_PREFIX, Type.STRING, "", Importance.MEDIUM,
                    "Prefix of every object key.")
            .define(ACCESS_KEY, Type.PASSWORD, null, Importance.MEDIUM,
                    "Access key; unset means the AWS SDK's default credentials chain.")
            .define(SECRET_KEY, Type.PASSWORD, null, Importance.MEDIUM,
                    "Secret key going with the access key.")
            .define(PART_SIZE, Type.INT, 8 << 20, ConfigDef.Range.atLeast(MIN_PART_SIZE), Importance.LOW,
                    "Part size of multipart uploads, in bytes (at least 5 MiB); larger segments go multipart.")
            .define(API_CALL_TIMEOUT_MS, Type.LONG, 120_000L, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "Time limit of one S3 call including retries, in milliseconds.");

    /**
     * Parses and validates the plugin's properties.
     *
     * @throws ConfigException with one line naming the key if a value is missing or wrong
     */
    public S3StorageConfig(Map<String, ?> properties) {
        super(DEFINITION, properties, false);
        if ((getPassword(ACCESS_KEY) == null) != (getPassword(SECRET_KEY) == null)) {
            throw new ConfigException("set both " + ACCESS_KEY + " and " + SECRET_KEY + ", or neither to use the"
                    + " AWS SDK's default credentials chain");
        }
        String endpoint = getString(ENDPOINT);
        if (!endpoint.isEmpty()) {
            URI uri;
            try {
                uri = URI.create(endpoint);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(ENDPOINT, endpoint, "not a URL: " + e.getMessage());
            }
            if (uri.getScheme() == null || uri.getHost() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new ConfigException(ENDPOINT, endpoint, "expected http://host:port or https://host:port");
            }
        }
    }

    /** Bucket that receives the segments. */
    public String bucket() {
        return getString(BUCKET);
    }

    /** The endpoint, or null for AWS' own. */
    public URI endpoint() {
        String e = getString(ENDPOINT);
        return e.isEmpty() ? null : URI.create(e);
    }

    /** Region used to sign requests. */
    public String region() {
        return getString(REGION);
    }

    /** Whether buckets go in the URL path. */
    public boolean pathStyle() {
        return getBoolean(PATH_STYLE);
    }

    /** Prefix of every object key. */
    public String keyPrefix() {
        return getString(KEY_PREFIX);
    }

    /** The access key, or null for the default credentials chain. */
    public String accessKey() {
        Password p = getPassword(ACCESS_KEY);
        return p == null ? null : p.value();
    }

    /** The secret key, or null for the default credentials chain. */
    public String secretKey() {
        Password p = getPassword(SECRET_KEY);
        return p == null ? null : p.value();
    }

    /** Part size of multipart uploads. */
    public int partSize() {
        return getInt(PART_SIZE);
    }

    /** Time limit of one S3 call. */
    public long apiCallTimeoutMs() {
        return getLong(API_CALL_TIMEOUT_MS);
    }
}
