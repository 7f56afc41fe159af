package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.Deserializer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Records are UTF-8 lines (log lines, JSON lines). */
public final class LineDeserializer implements Deserializer<String> {
    @Override
    public void deserializeChunk(InputStream chunk, Consumer<? super String> sink) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(chunk, StandardCharsets.UTF_8), 65536);
        String line;
        while ((line = reader.readLine()) != null) {
            sink.accept(line);
        }
    }
}
