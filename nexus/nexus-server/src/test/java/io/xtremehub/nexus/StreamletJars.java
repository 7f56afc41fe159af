package io.xtremehub.nexus;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles streamlet sources with the real JDK compiler and packs them as a streamlet jar. */
final class StreamletJars {
    private StreamletJars() {
    }

    /** @param sources fully qualified class name to source */
    static Path build(Path dir, String jarName, Map<String, String> sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve(jarName + "-src"));
        Path classes = Files.createDirectories(dir.resolve(jarName + "-classes"));
        List<String> args = new java.util.ArrayList<>(List.of("-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("test streamlet did not compile");
        }
        Path jar = dir.resolve(jarName + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            try (var files = Files.walk(classes)) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    Files.copy(p, out);
                    out.closeEntry();
                }
            }
            out.putNextEntry(new JarEntry("META-INF/services/io.xtremehub.nexus.api.Streamlet"));
            OutputStream o = out;
            o.write(String.join("\n", sources.keySet()).getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
