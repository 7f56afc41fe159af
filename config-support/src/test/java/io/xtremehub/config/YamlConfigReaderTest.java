package io.xtremehub.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlConfigReaderTest {
    record Sample(String name, Integer port, Server server, List<Shape> shapes) {
        Sample {
            if (port != null && port < 0) {
                throw new IllegalArgumentException("port must be 0 or more, not " + port);
            }
        }
    }

    record Server(String host, Integer threads) { }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle"),
        @JsonSubTypes.Type(value = Square.class, name = "square")})
    sealed interface Shape permits Circle, Square { }

    record Circle(double radius) implements Shape { }

    record Square(double side) implements Shape { }

    @Test
    void readsEveryKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, """
                name: a
                port: 9000
                server: {host: 10.0.0.1, threads: 4}
                shapes:
                  - {type: circle, radius: 2}
                  - {type: square, side: 3}
                """);
        Sample s = YamlConfigReader.read(file, Sample.class).orElseThrow();
        assertEquals(new Sample("a", 9000, new Server("10.0.0.1", 4), List.of(new Circle(2), new Square(3))), s);
    }

    @Test
    void anEmptyFileKeepsEveryDefault(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty.yaml");
        Files.writeString(file, "# nothing set\n");
        assertFalse(YamlConfigReader.read(file, Sample.class).isPresent());
    }

    @Test
    void eachMistakeIsOneLineNamingTheKey() {
        assertEquals("f.yaml: unknown key 'server.thread'; known keys here: host, threads",
                error("server: {host: h, thread: 4}"));
        assertEquals("f.yaml: unknown key 'prot'; known keys here: name, port, server, shapes", error("prot: 1"));
        assertEquals("f.yaml: port must be 0 or more, not -1", error("port: -1"));
        assertEquals("f.yaml: unknown type 'hexagon' at 'shapes[0]' (known: circle, square)",
                error("shapes: [{type: hexagon, side: 1}]"));
        assertEquals("f.yaml: missing 'type' at 'shapes[0]' (known: circle, square)", error("shapes: [{side: 1}]"));
        String badNumber = error("port: many");
        assertEquals(1, badNumber.lines().count(), badNumber);
        assertEquals(true, badNumber.startsWith("f.yaml: bad value at 'port': "), badNumber);
        String badYaml = error("name: [unclosed");
        assertEquals(1, badYaml.lines().count(), badYaml);
        assertEquals(true, badYaml.startsWith("f.yaml is not valid YAML (line "), badYaml);
    }

    @Test
    void aMissingFileIsOneLine(@TempDir Path dir) {
        Path file = dir.resolve("nope.yaml");
        assertEquals("config file " + file + " does not exist",
                assertThrows(ConfigException.class, () -> YamlConfigReader.read(file, Sample.class)).getMessage());
    }

    private static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> YamlConfigReader.parse("f.yaml", yaml, Sample.class)).getMessage();
    }
}
