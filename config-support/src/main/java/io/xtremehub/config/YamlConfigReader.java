package io.xtremehub.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads a service's YAML file into its typed configuration record. Whatever is wrong comes back as
 * one {@link ConfigException} line naming the file and the key: an unknown key (with the keys known
 * there), a bad value, an unknown {@code type}, invalid YAML, a missing file. Keys are strict so a
 * typo never silently falls back to a default.
 */
public final class YamlConfigReader {
    private static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_EXTERNAL_TYPE_ID_PROPERTY)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .build();

    private YamlConfigReader() {
    }

    /** Reads {@code file}; empty when the file has no content (every key then keeps its default). */
    public static <T> Optional<T> read(Path file, Class<T> type) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("config file " + file + " cannot be read: " + e.getMessage(), e);
        }
        return parse(file.toString(), text, type);
    }

    /** Parses YAML text; {@code source} names it in messages. */
    public static <T> Optional<T> parse(String source, String yaml, Class<T> type) {
        try {
            JsonNode tree = YAML.readTree(yaml);
            // a file of comments only is no configuration: every key keeps its default
            return tree == null || tree.isMissingNode() || tree.isNull() ? Optional.empty()
                    : Optional.of(YAML.treeToValue(tree, type));
        } catch (UnrecognizedPropertyException e) {
            throw new ConfigException(source + ": unknown key '" + path(e) + "'; known keys here: "
                    + e.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", ")), e);
        } catch (InvalidTypeIdException e) {
            String what = e.getTypeId() == null ? "missing 'type'" : "unknown type '" + e.getTypeId() + "'";
            String where = path(e).isEmpty() ? "" : " at '" + path(e) + "'";
            throw new ConfigException(source + ": " + what + where + knownTypes(e.getBaseType().getRawClass()), e);
        } catch (JsonMappingException e) {
            String where = path(e).isEmpty() ? "" : " at '" + path(e) + "'";
            Optional<String> check = constructorCheck(e);
            throw new ConfigException(check.map(c -> source + where + ": " + c)
                    .orElseGet(() -> source + ": bad value" + where + ": " + firstLine(e.getOriginalMessage())), e);
        } catch (JsonProcessingException e) {
            String line = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
            throw new ConfigException(source + " is not valid YAML" + line + ": " + firstLine(e.getOriginalMessage()), e);
        }
    }

    /** The message of a check a record's constructor made, which says more than Jackson's own. */
    private static Optional<String> constructorCheck(JsonMappingException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException && t.getMessage() != null) {
                return Optional.of(firstLine(t.getMessage()));
            }
        }
        return Optional.empty();
    }

    private static String knownTypes(Class<?> base) {
        JsonSubTypes subtypes = base.getAnnotation(JsonSubTypes.class);
        if (subtypes == null) {
            return "";
        }
        return " (known: " + Arrays.stream(subtypes.value()).map(JsonSubTypes.Type::name)
                .collect(Collectors.joining(", ")) + ")";
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
