package io.xtremehub.nexus.tagging;

/**
 * The tagging headers of the S3 request being served on this thread ({@code x-amz-tagging},
 * {@code x-amz-tagging-directive}). S3Proxy does not pass them to blob stores, and the SDK request it
 * builds has no field a servlet filter could fill, so they cross from the {@link TaggingFilter} to
 * the {@link TaggingBlobStore} in a thread-local: S3Proxy calls the blob store chain on the thread
 * that runs the filter, and the filter clears it when the request ends. This is the one request value
 * Nexus hands down outside the request object, and only these two classes touch it; everything the
 * chain decides itself travels on the request (see {@link io.xtremehub.nexus.policy.RequestPolicy}).
 *
 * @param tagging the x-amz-tagging header, or null
 * @param directive the x-amz-tagging-directive header, or null
 */
record RequestTagging(String tagging, String directive) {
    private static final ThreadLocal<RequestTagging> CURRENT = new ThreadLocal<>();
    private static final RequestTagging NONE = new RequestTagging(null, null);

    static void set(RequestTagging value) {
        CURRENT.set(value);
    }

    static void clear() {
        CURRENT.remove();
    }

    /** The headers of the current request (both null outside a request or without them). */
    static RequestTagging current() {
        RequestTagging t = CURRENT.get();
        return t == null ? NONE : t;
    }

    /** The validated tags of the x-amz-tagging header (none without it). */
    TagSet tags() {
        return TagSet.fromHeader(tagging);
    }

    /** Whether CopyObject replaces the tags (REPLACE) rather than copying the source's (COPY, default). */
    boolean replaces() {
        if (directive == null || directive.equalsIgnoreCase("COPY")) {
            return false;
        }
        if (directive.equalsIgnoreCase("REPLACE")) {
            return true;
        }
        throw new TaggingException(400, "InvalidArgument", "x-amz-tagging-directive must be COPY or REPLACE, not '"
                + directive + "'");
    }
}
