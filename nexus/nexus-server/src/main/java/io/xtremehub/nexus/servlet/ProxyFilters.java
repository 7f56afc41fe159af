package io.xtremehub.nexus.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.lang.reflect.Field;
import java.util.EnumSet;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.gaul.shaded.org.eclipse.jetty.server.Server;

/**
 * Puts a servlet filter in front of S3Proxy's request handler. S3Proxy serves its handler servlet from
 * a Jetty {@link ServletContextHandler} but does not expose its server, so this reads the server from
 * the proxy (before it starts) and adds the filter to that context, on the same connectors and
 * threads: no extra hop.
 */
public final class ProxyFilters {
    private ProxyFilters() {
    }

    /** Adds the filter for every request; call before {@link S3Proxy#start()}. */
    public static void install(S3Proxy proxy, Filter filter) {
        Server server;
        try {
            Field f = S3Proxy.class.getDeclaredField("server");
            f.setAccessible(true);
            server = (Server) f.get(proxy);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("this S3Proxy version does not keep its Jetty server in field 'server';"
                    + " Nexus needs S3Proxy 4.1: " + e, e);
        }
        ServletContextHandler context = server.getDescendant(ServletContextHandler.class);
        if (context == null) {
            throw new IllegalStateException("S3Proxy's Jetty server has no servlet context; Nexus needs S3Proxy 4.1");
        }
        context.addFilter(new FilterHolder(filter), "/*", EnumSet.of(DispatcherType.REQUEST));
    }
}
