package io.xtremehub.standalone.cli;

import io.pravega.client.stream.Serializer;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The lines a {@code write} command sends, one event each. The whole input is checked
 * before the first event is written, so a malformed line never leaves half a file in
 * the stream. Standard input is spooled to a temporary file for that check.
 */
final class InputLines implements AutoCloseable {
    private final Path file;
    private final boolean temporary;
    private final String keySeparator;
    private long count;

    private InputLines(Path file, boolean temporary, String keySeparator) {
        this.file = file;
        this.temporary = temporary;
        this.keySeparator = keySeparator;
    }

    /** Opens a file, or standard input when {@code file} is null or "-", and validates every line. */
    static InputLines open(Path file, InputStream stdin, String keySeparator) throws IOException {
        InputLines lines;
        if (file == null || file.toString().equals("-")) {
            Path spool = Files.createTempFile("xtremehub-write", ".txt");
            Files.copy(stdin, spool, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            lines = new InputLines(spool, true, keySeparator);
        } else {
            if (!Files.isReadable(file)) {
                throw new CliException("cannot read input file " + file);
            }
            lines = new InputLines(file, false, keySeparator);
        }
        try {
            lines.count = lines.forEach(e -> { });
        } catch (RuntimeException e) {
            lines.close();
            throw e;
        }
        return lines;
    }

    long count() {
        return count;
    }

    /** Calls {@code sink} for each line in order; throws {@link CliException} naming the first bad line. */
    long forEach(Consumer<Event> sink) throws IOException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        long lineNo = 0;
        // Lines are split as bytes and decoded one by one, so an error names the right line.
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            boolean pending = false;
            while ((b = in.read()) != -1 || pending) {
                if (b != -1 && b != '\n') {
                    line.write(b);
                    pending = true;
                    continue;
                }
                lineNo++;
                byte[] bytes = line.toByteArray();
                int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                String text;
                try {
                    text = utf8.decode(ByteBuffer.wrap(bytes, 0, len)).toString();
                } catch (CharacterCodingException e) {
                    throw new CliException("line " + lineNo + " is not valid UTF-8; nothing was written");
                }
                sink.accept(parse(text, lineNo));
                line.reset();
                pending = false;
                if (b == -1) {
                    break;
                }
            }
        }
        return lineNo;
    }

    private Event parse(String line, long lineNo) {
        String key = null;
        String body = line;
        if (keySeparator != null) {
            int at = line.indexOf(keySeparator);
            if (at < 0) {
                throw new CliException("line " + lineNo + " has no routing key separator '" + keySeparator
                        + "'; nothing was written");
            }
            key = line.substring(0, at);
            body = line.substring(at + keySeparator.length());
        }
        if (body.length() * 3L > Serializer.MAX_EVENT_SIZE
                && body.getBytes(StandardCharsets.UTF_8).length > Serializer.MAX_EVENT_SIZE) {
            throw new CliException("line " + lineNo + " is larger than Pravega's " + Serializer.MAX_EVENT_SIZE
                    + "-byte event limit; nothing was written");
        }
        return new Event(key, body);
    }

    /** One event to write, with its routing key or null. */
    record Event(String routingKey, String body) { }

    @Override
    public void close() throws IOException {
        if (temporary) {
            Files.deleteIfExists(file);
        }
    }
}
