package io.xtremehub.nexus.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import org.junit.jupiter.api.Test;

/** How Nexus resolves a client's Range header against the original object's length. */
class RangeSpecTest {
    private static final long LENGTH = 300_000;

    @Test
    void suffixOpenAndClippedRangesResolveAsS3Does() {
        assertEquals(new RangeSpec(LENGTH - 1000, LENGTH - 1), RangeSpec.parse("bytes=-1000", LENGTH));
        assertEquals(new RangeSpec(0, LENGTH - 1), RangeSpec.parse("bytes=-999999", LENGTH)); // longer than the object
        assertEquals(new RangeSpec(131_072, LENGTH - 1), RangeSpec.parse("bytes=131072-", LENGTH));
        assertEquals(new RangeSpec(LENGTH - 1, LENGTH - 1), RangeSpec.parse("bytes=" + (LENGTH - 1) + "-", LENGTH));
        assertEquals(new RangeSpec(200_000, LENGTH - 1), RangeSpec.parse("bytes=200000-900000", LENGTH));
        assertEquals(new RangeSpec(131_071, 131_072), RangeSpec.parse("bytes=131071-131072", LENGTH));
        assertEquals("bytes 131071-131072/300000", RangeSpec.parse("bytes=131071-131072", LENGTH).contentRange(LENGTH));
    }

    @Test
    void unsatisfiableOrMalformedRangesAreInvalidRange() {
        for (String header : new String[] {"bytes=" + LENGTH + "-", "bytes=-0", "bytes=5-4", "bytes=0-1,5-6",
            "items=0-1", "bytes=a-b", "bytes=7"}) {
            S3ProxyException e = assertThrows(S3ProxyException.class, () -> RangeSpec.parse(header, LENGTH), header);
            assertEquals(S3ErrorCode.INVALID_RANGE, e.getError(), header);
        }
        assertThrows(S3ProxyException.class, () -> RangeSpec.parse("bytes=-10", 0), "suffix of an empty object");
    }
}
