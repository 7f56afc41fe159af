package io.xtremehub.faastream.internal.combine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.Serializers;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartialSerializerTest {
    private final PartialSerializer counts = new PartialSerializer(Serializers.int64());

    @Test
    void stringKeysTravelAsUtf8WithTheAggregate() {
        Partial p = new Partial("größe", 42L);
        byte[] bytes = counts.serialize(p);
        assertEquals(1 + 4 + "größe".getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 8, bytes.length);
        assertEquals(p, counts.deserialize(bytes));
    }

    @Test
    void otherKeysTravelWithJavaSerialization() {
        PartialSerializer lists = new PartialSerializer(Serializers.java());
        Partial p = new Partial(List.of(3, 4), List.of("a", "b"));
        assertEquals(p, lists.deserialize(lists.serialize(p)));
        assertEquals(new Partial(7, -1L), counts.deserialize(counts.serialize(new Partial(7, -1L))));
    }

    @Test
    void bytesThatAreNoPartialAreRejected() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> counts.deserialize(new byte[] {9, 0, 0, 0, 1, 65})).getMessage();
        assertTrue(message.startsWith("not a partial aggregate (key kind 9"), message);
        assertEquals("partial(int64)", counts.name());
    }
}
