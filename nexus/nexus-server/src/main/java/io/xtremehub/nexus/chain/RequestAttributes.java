package io.xtremehub.nexus.chain;

import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * Request-scoped values handed down the middleware chain as execution attributes of the S3 request
 * (the request policy, what an earlier hop did), instead of thread-locals.
 */
public final class RequestAttributes {
    private RequestAttributes() {
    }

    /** A copy of the request carrying {@code value} under {@code key}. */
    @SuppressWarnings("unchecked")
    public static <R extends AwsRequest, T> R attach(R request, ExecutionAttribute<T> key, T value) {
        AwsRequestOverrideConfiguration.Builder config = request.overrideConfiguration()
                .map(AwsRequestOverrideConfiguration::toBuilder)
                .orElseGet(AwsRequestOverrideConfiguration::builder);
        return (R) request.toBuilder().overrideConfiguration(config.putExecutionAttribute(key, value).build()).build();
    }

    /** The value attached under {@code key}, or null. */
    public static <T> T get(AwsRequest request, ExecutionAttribute<T> key) {
        return request.overrideConfiguration().map(c -> c.executionAttributes().getAttribute(key)).orElse(null);
    }
}
