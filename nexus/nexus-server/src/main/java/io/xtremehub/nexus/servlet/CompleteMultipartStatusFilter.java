package io.xtremehub.nexus.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Makes a failed CompleteMultipartUpload answer an HTTP error status.
 *
 * <p>S3Proxy answers CompleteMultipartUpload with 200 at once and keeps the connection alive with
 * whitespace while the upload completes; if completing fails, the error can only go into the body,
 * as {@code <Error>} under a 200. Real S3 does the same and the AWS SDKs detect it, but other
 * clients do not: Pulsar's jclouds offloader took such an answer for success, recorded the ledger as
 * offloaded and deleted it from BookKeeper although nothing was stored. Nexus runs a policy's
 * streamlets and writes to the backend exactly then, at completion, so this filter holds the answer
 * back until the completion is over and turns an error body into a 500 with the same body, which
 * every client treats as a failed request (and retries). The cost: no keep-alive bytes while a large
 * object completes.
 */
public final class CompleteMultipartStatusFilter implements Filter {
    // the root element of the body, after the XML declaration and the keep-alive whitespace
    private static final Pattern UPLOAD_ID = Pattern.compile("(^|&)uploadId=");
    private static final Pattern ERROR_BODY = Pattern.compile("^\\s*(<\\?xml[^>]*\\?>)?\\s*<Error>");

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        // the query string only: getParameter could read a form-encoded body before S3Proxy does
        String query = request.getQueryString();
        if (!"POST".equals(request.getMethod()) || query == null || !UPLOAD_ID.matcher(query).find()) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletResponse response = (HttpServletResponse) res;
        HeldResponse held = new HeldResponse(response);
        chain.doFilter(req, held);
        byte[] body = held.body();
        if (held.status == HttpServletResponse.SC_OK
                && ERROR_BODY.matcher(new String(body, StandardCharsets.UTF_8)).find()) {
            response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }

    /** A response whose body and flushes stay here until the handler is done. */
    private static final class HeldResponse extends HttpServletResponseWrapper {
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private int status = SC_OK;
        private PrintWriter writer;
        private ServletOutputStream stream;

        HeldResponse(HttpServletResponse response) {
            super(response);
        }

        byte[] body() {
            if (writer != null) {
                writer.flush();
            }
            return buffer.toByteArray();
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
            super.setStatus(sc);
        }

        @Override
        public void sendError(int sc, String msg) throws IOException {
            status = sc;
            super.sendError(sc, msg);
        }

        @Override
        public void sendError(int sc) throws IOException {
            status = sc;
            super.sendError(sc);
        }

        @Override
        public PrintWriter getWriter() {
            if (writer == null) {
                writer = new PrintWriter(new OutputStreamWriter(buffer, StandardCharsets.UTF_8));
            }
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() {
            if (stream == null) {
                stream = new ServletOutputStream() {
                    @Override
                    public void write(int b) {
                        buffer.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        buffer.write(b, off, len);
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new UnsupportedOperationException("held responses are written synchronously");
                    }
                };
            }
            return stream;
        }

        @Override
        public void flushBuffer() {
            // held until the handler returns
        }

        @Override
        public boolean isCommitted() {
            return false;
        }
    }
}
