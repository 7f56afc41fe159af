package io.xtremehub.nexus.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.gaul.shaded.org.eclipse.jetty.server.Server;
import org.gaul.shaded.org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The filter on a real Jetty (S3Proxy's) in front of a servlet that answers like S3Proxy does:
 * 200 at once, keep-alive whitespace flushed, then the outcome in the body.
 */
class CompleteMultipartStatusFilterTest {
    private static final String ERROR = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>InternalError</Code></Error>";
    private static final String DONE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<CompleteMultipartUploadResult/>";
    private static Server server;
    private static URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    /** Answers 200, flushes whitespace, then writes the body named by the "outcome" header. */
    static final class S3ProxyLike extends HttpServlet {
        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
            res.setStatus(200);
            res.getOutputStream().write("  \n".getBytes());
            res.flushBuffer();
            res.getOutputStream().write(("error".equals(req.getHeader("outcome")) ? ERROR : DONE).getBytes());
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(new S3ProxyLike()), "/*");
        context.addFilter(new FilterHolder(new CompleteMultipartStatusFilter()), "/*", EnumSet.of(DispatcherType.REQUEST));
        server.setHandler(context);
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop();
    }

    private HttpResponse<String> post(String pathAndQuery, String outcome) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).header("outcome", outcome)
                .POST(HttpRequest.BodyPublishers.ofString("<CompleteMultipartUpload/>")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aFailedCompletionBecomesA500WithTheSameBody() throws Exception {
        HttpResponse<String> r = post("/bucket/key?uploadId=abc", "error");
        assertEquals(500, r.statusCode());
        assertEquals("  \n" + ERROR, r.body());
    }

    @Test
    void aSuccessfulCompletionStaysA200() throws Exception {
        HttpResponse<String> r = post("/bucket/key?uploadId=abc", "done");
        assertEquals(200, r.statusCode());
        assertEquals("  \n" + DONE, r.body());
    }

    @Test
    void otherRequestsPassThroughUntouched() throws Exception {
        // not a completion (no uploadId): the servlet's 200 is what the client gets, even with an error body
        assertEquals(200, post("/bucket/key?uploads", "error").statusCode());
        // "uploadId" only as part of another parameter's name does not count
        assertEquals(200, post("/bucket/key?xuploadId=abc", "error").statusCode());
    }
}
