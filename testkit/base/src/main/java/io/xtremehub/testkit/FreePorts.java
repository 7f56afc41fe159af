package io.xtremehub.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Free TCP ports for servers the tests start themselves (other engineers' tests share the machine). */
public final class FreePorts {
    private FreePorts() {
    }

    /** A port nothing listens on right now; the caller binds it soon after. */
    public static int pick() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
