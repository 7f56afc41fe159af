package io.xtremehub.faastream.internal.worker;

import java.nio.charset.StandardCharsets;

/** How a worker phrases a failure for the user: one line, with a short preview of the event. */
final class FailureText {
    private FailureText() {
    }

    /** The exception and, when it adds something, its cause, on one line. */
    static String oneLine(Throwable e) {
        Throwable t = e;
        StringBuilder sb = new StringBuilder();
        sb.append(t.getClass().getSimpleName());
        if (t.getMessage() != null) {
            sb.append(": ").append(t.getMessage());
        }
        if (t.getCause() != null && t.getCause() != t && t.getCause().getMessage() != null
                && (t.getMessage() == null || !t.getMessage().contains(t.getCause().getMessage()))) {
            sb.append(" (caused by ").append(t.getCause().getClass().getSimpleName()).append(": ")
                    .append(t.getCause().getMessage()).append(')');
        }
        return sb.toString().replace('\n', ' ');
    }

    /** The first 40 bytes, printable ASCII kept, and the size. */
    static String preview(byte[] payload) {
        int n = Math.min(payload.length, 40);
        StringBuilder sb = new StringBuilder("'");
        String s = new String(payload, 0, n, StandardCharsets.ISO_8859_1);
        for (char c : s.toCharArray()) {
            sb.append(c >= 32 && c < 127 ? c : '.');
        }
        sb.append(payload.length > n ? "...' " : "' ").append(payload.length).append(" bytes");
        return sb.toString();
    }

    /** Whether a failure is this thread being interrupted, which is how the thread platform kills a worker. */
    static boolean killed(Throwable e) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException) {
                return true;
            }
        }
        return false;
    }
}
