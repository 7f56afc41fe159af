package io.xtremehub.faastream.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shuffle packs parked in a local directory (the object store side runs in PackedShuffleIT). */
class LargeEventsLocalTest {
    @TempDir
    Path tmp;

    @Test
    void aParkedPackIsAFileOfItsBytesAndReadsBackWhole() throws Exception {
        Path dir = tmp.resolve("job-1"); // created on the first pack
        LargeEvents parking = new LargeEvents(null, "spill", "jobs/job-1/", dir);
        byte[] pack = new byte[3 << 20];
        for (int i = 0; i < pack.length; i++) {
            pack[i] = (byte) (i * 31);
        }
        String ref = parking.parkPack(pack);
        String other = parking.parkPack(new byte[] {1, 2, 3});

        assertTrue(ref.startsWith(LargeEvents.LOCAL), ref);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(2, files.count());
        }
        assertArrayEquals(pack, parking.fetch(ref));
        assertArrayEquals(new byte[] {1, 2, 3}, parking.fetch(other));
    }

    @Test
    void aMissingPackIsOneLineNamingItsFile() throws Exception {
        LargeEvents parking = new LargeEvents(null, "spill", "jobs/job-2/", tmp);
        String ref = parking.parkPack(new byte[] {7});
        Path file = Path.of(ref.substring(LargeEvents.LOCAL.length()));
        Files.delete(file);

        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> parking.fetch(ref));
        assertTrue(e.getMessage().startsWith("cannot read the parked shuffle pack " + file), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
