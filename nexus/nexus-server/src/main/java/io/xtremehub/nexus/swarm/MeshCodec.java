package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Mesh header values: JSON, base64url-encoded so any metadata fits an ASCII header. */
final class MeshCodec {
    private MeshCodec() {
    }

    static String encode(Object value) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(MetadataJson.write(value).getBytes(StandardCharsets.UTF_8));
    }

    static <T> T decode(String header, Class<T> type) {
        return MetadataJson.read(new String(Base64.getUrlDecoder().decode(header), StandardCharsets.UTF_8), type);
    }
}
