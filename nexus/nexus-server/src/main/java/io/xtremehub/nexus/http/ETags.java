package io.xtremehub.nexus.http;

/** ETags as HTTP carries them: quoted in headers, bare where Nexus compares and records them. */
public final class ETags {
    private ETags() {
    }

    /** The ETag without its surrounding quotes (null stays null). */
    public static String unquote(String eTag) {
        if (eTag == null) {
            return null;
        }
        return eTag.length() >= 2 && eTag.startsWith("\"") && eTag.endsWith("\"")
                ? eTag.substring(1, eTag.length() - 1) : eTag;
    }
}
