package io.xtremehub.nexus.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Answers a request of Nexus' own HTTP servers (admin API, swarmlet mesh) with a JSON body. */
public final class JsonReply {
    private JsonReply() {
    }

    /** Sends the status and the JSON text and closes the exchange's body. */
    public static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
