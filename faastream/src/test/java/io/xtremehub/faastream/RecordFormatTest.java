package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RecordFormatTest {
    @Test
    void linesSplitOnNewlinesIncludingALastUnterminatedLine() throws IOException {
        var in = new ByteArrayInputStream("a b\n\nc".getBytes(StandardCharsets.UTF_8));
        RecordFormat f = RecordFormat.lines();
        assertEquals("a b", new String(f.next(in), StandardCharsets.UTF_8));
        assertEquals("", new String(f.next(in), StandardCharsets.UTF_8));
        assertEquals("c", new String(f.next(in), StandardCharsets.UTF_8));
        assertNull(f.next(in));
    }

    @Test
    void fixedRecordsRejectATrailingPartialRecord() throws IOException {
        var in = new ByteArrayInputStream(new byte[250]);
        RecordFormat f = RecordFormat.fixed(100);
        assertEquals(100, f.next(in).length);
        assertEquals(100, f.next(in).length);
        IOException e = assertThrows(IOException.class, () -> f.next(in));
        assertEquals("trailing partial record of 50 bytes; records are 100 bytes", e.getMessage());
    }

    @Test
    void fixedFramingAcceptsWholeRecordsOnly() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordFormat.fixed(4).frame(new byte[8], out);
        assertEquals(8, out.size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RecordFormat.fixed(4).frame(new byte[5], out));
        assertTrue(e.getMessage().contains("whole number of records"));
    }

    @Test
    void wholeFormatReadsTheObjectAsOneEvent() throws IOException {
        var in = new ByteArrayInputStream(new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, RecordFormat.whole().next(in));
        assertNull(RecordFormat.whole().next(in));
        assertTrue(RecordFormat.whole().objectPerRecord());
    }
}
