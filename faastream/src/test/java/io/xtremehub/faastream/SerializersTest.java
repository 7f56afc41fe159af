package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SerializersTest {
    /** A JSON record. */
    public record Point(String name, double x) {
    }

    @Test
    void builtInsRoundTrip() {
        assertEquals("héllo", Serializers.utf8().deserialize(Serializers.utf8().serialize("héllo")));
        assertArrayEquals(new byte[] {1, 2}, Serializers.bytes().deserialize(new byte[] {1, 2}));
        assertEquals(42L, Serializers.int64().deserialize(Serializers.int64().serialize(42L)));
        Point p = new Point("a", 1.5);
        assertEquals(p, Serializers.json(Point.class).deserialize(Serializers.json(Point.class).serialize(p)));
        assertEquals(java.util.List.of(1, 2), Serializers.java().deserialize(Serializers.java().serialize(java.util.List.of(1, 2))));
    }

    @Test
    void undecodableBytesAreRejectedNotReplaced() {
        assertEquals("not valid UTF-8 text", assertThrows(IllegalArgumentException.class,
                () -> Serializers.utf8().deserialize(new byte[] {(byte) 0xff})).getMessage());
        assertEquals("expected 8 bytes for a long, got 3", assertThrows(IllegalArgumentException.class,
                () -> Serializers.int64().deserialize(new byte[3])).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Serializers.json(Point.class).deserialize("{".getBytes()));
    }
}
