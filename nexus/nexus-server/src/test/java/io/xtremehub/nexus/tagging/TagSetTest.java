package io.xtremehub.nexus.tagging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TagSetTest {
    private static byte[] xml(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void parsesTheHeaderAndTheTaggingDocument() {
        assertEquals(Map.of("a b", "c/d", "empty", ""), TagSet.fromHeader("a%20b=c%2Fd&empty=").tags());
        TagSet parsed = TagSet.fromXml(xml("<?xml version=\"1.0\"?><Tagging xmlns=\"http://s3.amazonaws.com/doc/"
                + "2006-03-01/\"><TagSet><Tag><Key>k&#43;</Key><Value>v</Value></Tag><Tag><Key>x</Key>"
                + "<Value></Value></Tag></TagSet></Tagging>"));
        assertEquals("k+", parsed.tags().keySet().iterator().next());
        assertEquals(Map.of("k+", "v", "x", ""), parsed.tags());
    }

    @Test
    void refusesBadDocumentsWithS3Codes() {
        TaggingException notXml = assertThrows(TaggingException.class, () -> TagSet.fromXml(xml("<Tagging><TagSet>")));
        assertEquals("MalformedXML", notXml.code());
        TaggingException noValue = assertThrows(TaggingException.class, () -> TagSet.fromXml(
                xml("<Tagging><TagSet><Tag><Key>k</Key></Tag></TagSet></Tagging>")));
        assertEquals("MalformedXML", noValue.code());
        TaggingException duplicate = assertThrows(TaggingException.class, () -> TagSet.fromHeader("a=1&a=2"));
        assertEquals("InvalidTag", duplicate.code());
        TaggingException entity = assertThrows(TaggingException.class, () -> TagSet.fromXml(xml(
                "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><Tagging><TagSet><Tag><Key>&e;</Key>"
                        + "<Value>v</Value></Tag></TagSet></Tagging>")));
        assertEquals("MalformedXML", entity.code());
        TaggingException reserved = assertThrows(TaggingException.class, () -> TagSet.fromHeader("nexus:x=1"));
        assertTrue(reserved.detail().contains("reserved"), reserved.detail());
    }

    @Test
    void sidecarFormatRoundTrips() {
        Map<String, String> user = new LinkedHashMap<>();
        user.put("team & co", "a=b");
        user.put("empty", "");
        TagStore.Stored stored = new TagStore.Stored(new TagSet(user), "18c-abc", Map.of("k.1", "v with %&= chars"));
        TagStore.Stored back = TagStore.parse(TagStore.format(stored));
        assertEquals(stored, back);
        assertEquals(Map.of(), back.contextOf("another-write"));
        assertEquals(Map.of("k.1", "v with %&= chars"), back.contextOf("18c-abc"));
        // the client's tags, like the context, belong to one object version
        assertEquals(new TagSet(user), back.userOf("18c-abc"));
        assertEquals(TagSet.empty(), back.userOf("another-write"));
        assertEquals(TagSet.empty(), back.userOf(null));
        TagStore.Stored unmarked = TagStore.parse(TagStore.format(new TagStore.Stored(new TagSet(user), null,
                Map.of())));
        assertEquals(new TagSet(user), unmarked.userOf(null));
        assertEquals(TagSet.empty(), unmarked.userOf("18c-abc"));
        assertEquals(new TagStore.Stored(TagSet.empty(), null, Map.of()), TagStore.parse(TagStore.format(
                new TagStore.Stored(TagSet.empty(), null, Map.of()))));
    }
}
