package io.xtremehub.nexus.api;

import java.util.Map;
import java.util.Optional;

/**
 * What one pipeline run knows and shares. A new context is created for each storage request; its
 * key/values are visible to every streamlet of the run. After a PUT has been acknowledged they are
 * stored asynchronously as the object's tags ({@code nexus:<key>}, read-only for S3 clients); on GET
 * they are loaded before a streamlet first reads the context (a GET whose streamlets never read it
 * does not look them up). Being asynchronous, they can be missing if the worker stops right after the
 * PUT: never put in the context anything needed to read the object back; write it into the bytes.
 */
public interface StreamletContext {
    /** The object the client addressed. */
    ObjectRef object();

    /** The stream a chunk belongs to, per the policy's system key layout, if known. */
    Optional<String> stream();

    /** The partition (segment) a chunk belongs to, per the policy's system key layout, if known. */
    Optional<String> partition();

    /** Name of the policy that runs this pipeline. */
    String policyName();

    /** Version of the policy that runs (on PUT) or ran (on GET) this pipeline. */
    long policyVersion();

    /** Parameters this streamlet was given in the policy. */
    Map<String, String> parameters();

    /** A shared key/value, if set. */
    Optional<String> get(String key);

    /**
     * Sets a shared key/value. Keys are 1-64 characters of [a-z0-9._-]; values are at most 512
     * printable ASCII characters.
     */
    void put(String key, String value);

    /** All shared key/values. */
    Map<String, String> entries();

    /**
     * Chooses the bucket the chunk is stored in (routing streamlets); the bucket must be one of the
     * policy's output buckets.
     */
    void routeTo(String bucket);

    /** Runs the action after the object was durably stored (never if the request failed). */
    void onCommit(Runnable action);
}
