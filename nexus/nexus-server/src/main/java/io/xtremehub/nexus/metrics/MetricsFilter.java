package io.xtremehub.nexus.metrics;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Counts every S3 request by operation and status, its duration, and those in flight. */
public final class MetricsFilter implements Filter {
    private final NexusMetrics metrics;

    /** Records into the worker's metrics. */
    public MetricsFilter(NexusMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)) {
            chain.doFilter(request, response);
            return;
        }
        long start = System.nanoTime();
        metrics.requestStarted();
        int status = 500;
        try {
            chain.doFilter(request, response);
            status = answer.getStatus();
        } finally {
            metrics.requestFinished(S3Operation.of(http), status, System.nanoTime() - start);
        }
    }
}
