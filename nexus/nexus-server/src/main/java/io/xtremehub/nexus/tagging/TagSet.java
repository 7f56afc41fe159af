package io.xtremehub.nexus.tagging;

import java.io.ByteArrayInputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The tags a client sets on an object, validated with S3's limits: at most 10 tags, keys of 1-128
 * and values of at most 256 Unicode characters of letters, digits, spaces and {@code + - = . _ : / @},
 * unique keys, none under the reserved prefixes {@code aws:} and {@value #NEXUS_PREFIX}. Bad input is
 * a {@link TaggingException} with S3's error code; nothing is stored.
 *
 * @param tags the tags in the order given
 */
public record TagSet(Map<String, String> tags) {
    /** Prefix of the tags Nexus owns: the streamlet context of the pipeline that wrote the object. */
    public static final String NEXUS_PREFIX = "nexus:";
    /** Most tags an object may carry. */
    public static final int MAX_TAGS = 10;
    static final int MAX_KEY = 128;
    static final int MAX_VALUE = 256;
    private static final Pattern ALLOWED = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*");
    private static final TagSet EMPTY = new TagSet(Map.of());

    /** Keeps the order, read-only. */
    public TagSet {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    /** No tags. */
    public static TagSet empty() {
        return EMPTY;
    }

    /** Whether there are none. */
    public boolean isEmpty() {
        return tags.isEmpty();
    }

    /**
     * Parses and validates an {@code x-amz-tagging} header: URL-encoded {@code key=value} pairs joined
     * by {@code &}.
     */
    public static TagSet fromHeader(String header) {
        Map<String, String> tags = new LinkedHashMap<>();
        if (header == null || header.isEmpty()) {
            return EMPTY;
        }
        for (String pair : header.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            add(tags, key, value);
        }
        return of(tags);
    }

    /** Parses and validates a {@code <Tagging><TagSet><Tag><Key/><Value/></Tag>...} document. */
    public static TagSet fromXml(byte[] body) {
        return of(parseXml(body));
    }

    /** The key/values of a Tagging document, not yet validated (duplicate keys are refused). */
    static Map<String, String> parseXml(byte[] body) {
        Map<String, String> tags = new LinkedHashMap<>();
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        try {
            XMLStreamReader xml = factory.createXMLStreamReader(new ByteArrayInputStream(body));
            String path = "";
            String key = null;
            String value = null;
            StringBuilder text = new StringBuilder();
            boolean sawRoot = false;
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    path = path + "/" + xml.getLocalName();
                    text.setLength(0);
                    if (path.equals("/Tagging")) {
                        sawRoot = true;
                    } else if (path.equals("/Tagging/TagSet/Tag")) {
                        key = null;
                        value = null;
                    }
                } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    text.append(xml.getText());
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    switch (path) {
                        case "/Tagging/TagSet/Tag/Key" -> key = text.toString();
                        case "/Tagging/TagSet/Tag/Value" -> value = text.toString();
                        case "/Tagging/TagSet/Tag" -> {
                            if (key == null || value == null) {
                                throw new TaggingException(400, "MalformedXML",
                                        "every Tag needs a Key and a Value");
                            }
                            add(tags, key, value);
                        }
                        default -> { }
                    }
                    path = path.substring(0, path.lastIndexOf('/'));
                }
            }
            if (!sawRoot) {
                throw new TaggingException(400, "MalformedXML", "the body must be a <Tagging> document");
            }
        } catch (XMLStreamException e) {
            throw new TaggingException(400, "MalformedXML", "the Tagging document is not well-formed XML: "
                    + e.getMessage().replace('\n', ' '));
        }
        return tags;
    }

    private static void add(Map<String, String> tags, String key, String value) {
        if (tags.put(key, value) != null) {
            throw new TaggingException(400, "InvalidTag", "tag key '" + key + "' is given more than once");
        }
    }

    /** Validates key/values as client tags. */
    static TagSet of(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) {
            throw new TaggingException(400, "InvalidTag", "an object can have at most " + MAX_TAGS
                    + " tags, not " + tags.size());
        }
        tags.forEach((k, v) -> {
            int keyLength = k.codePointCount(0, k.length());
            if (keyLength < 1 || keyLength > MAX_KEY) {
                throw new TaggingException(400, "InvalidTag", "tag key must be 1-" + MAX_KEY
                        + " characters, '" + abbreviate(k) + "' has " + keyLength);
            }
            if (v.codePointCount(0, v.length()) > MAX_VALUE) {
                throw new TaggingException(400, "InvalidTag", "tag value of '" + abbreviate(k) + "' must be at most "
                        + MAX_VALUE + " characters");
            }
            if (!ALLOWED.matcher(k).matches() || !ALLOWED.matcher(v).matches()) {
                throw new TaggingException(400, "InvalidTag", "tag '" + abbreviate(k) + "' may only contain letters,"
                        + " digits, spaces and + - = . _ : / @");
            }
            String lower = k.toLowerCase(Locale.ROOT);
            if (lower.startsWith("aws:") || lower.startsWith(NEXUS_PREFIX)) {
                throw new TaggingException(400, "InvalidTag", "tag key '" + abbreviate(k)
                        + "' uses a reserved prefix (aws: or " + NEXUS_PREFIX + ")");
            }
        });
        return new TagSet(tags);
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new TaggingException(400, "InvalidTag", "x-amz-tagging is not URL-encoded: " + e.getMessage());
        }
    }

    /** The tags as URL-encoded {@code key=value&...}, the {@code x-amz-tagging} format. */
    public String toQuery() {
        return query(tags);
    }

    static String query(Map<String, String> pairs) {
        StringBuilder sb = new StringBuilder();
        pairs.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(URLEncoder.encode(k, StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(v, StandardCharsets.UTF_8));
        });
        return sb.toString();
    }

    static Map<String, String> parseQuery(String query) {
        Map<String, String> pairs = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return pairs;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            pairs.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return pairs;
    }
}
