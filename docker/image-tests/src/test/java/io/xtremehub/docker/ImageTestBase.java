package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every image must get right: it is an OCI archive named {@code xtremehub/<name>:<version>},
 * runs as an unprivileged user, its entrypoint is the image's own Java runtime with a class path
 * whose every jar is in the image and holds the main class, that runtime actually starts in the
 * image's root filesystem (so every shared library it needs is there), it exposes exactly the
 * ports its program listens on beyond loopback, and docker/README.md documents its config.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ImageTestBase {
    static final Path DOCKER = Path.of(System.getProperty("xtremehub.docker.dir", "..")).toAbsolutePath().normalize();
    static final String TAG = System.getProperty("xtremehub.image.tag", "0.1.0-SNAPSHOT");
    static final String JAVA = "/opt/java/bin/java";
    static final String USER = "10001:10001";

    OciImage image;
    Path root;
    Sandbox sandbox;
    private Path work;

    /** The Maven module under docker/ that builds the image. */
    abstract String module();

    /** The image name after {@code xtremehub/}. */
    abstract String imageName();

    /** The main class the entrypoint runs. */
    abstract String mainClass();

    /** Ports the image declares (its program listens on them on every interface). */
    abstract Set<String> exposedPorts();

    /** Paths and names docker/README.md must mention for this image (its config). */
    abstract List<String> documented();

    @BeforeAll
    void extract() throws Exception {
        Extracted e = Extracted.of(module(), imageName());
        work = e.work();
        image = e.image();
        root = e.root();
        sandbox = e.sandbox();
    }

    /** An image tarball of a sibling module, extracted under target/images/<name>. */
    record Extracted(OciImage image, Path work, Path root, Sandbox sandbox) {
        static Extracted of(String module, String imageName) throws Exception {
            Path tarball = DOCKER.resolve(module).resolve("target").resolve(imageName + "-image.tar");
            assertTrue(Files.isRegularFile(tarball), "no image tarball " + tarball
                    + ": build the images first (mvn -B verify -f docker/pom.xml)");
            Path work = Path.of("target", "images", imageName).toAbsolutePath();
            deleteTree(work);
            OciImage image = OciImage.open(tarball, work.resolve("oci"));
            Path root = work.resolve("rootfs");
            image.extractLayers(root);
            deleteTree(work.resolve("oci"));
            Sandbox sandbox = new Sandbox(root, image.runConfig().path("WorkingDir").asText(),
                    image.runConfig().path("User").asText(), image.env());
            return new Extracted(image, work, root, sandbox);
        }

        List<String> entrypointWith(List<String> args) {
            List<String> c = new ArrayList<>(image.entrypoint());
            c.addAll(args);
            return c;
        }
    }

    @AfterAll
    void removeExtractedImage() throws IOException {
        if (work != null) {
            deleteTree(work);
        }
    }

    @Test
    void archiveIsNamedAfterTheImage() {
        assertEquals("xtremehub/" + imageName() + ":" + TAG, image.refName());
        assertEquals("linux", image.config().path("os").asText());
        assertEquals("amd64", image.config().path("architecture").asText());
    }

    @Test
    void runsAsUnprivilegedUserOfTheImage() throws IOException {
        assertEquals(USER, image.runConfig().path("User").asText());
        List<String> passwd = Files.readAllLines(root.resolve("etc/passwd"));
        assertTrue(passwd.contains("xtremehub:x:10001:10001:XtremeHub:/var/lib/xtremehub:/sbin/nologin"),
                "user 10001 in /etc/passwd: " + passwd);
        assertEquals("/var/lib/xtremehub", image.runConfig().path("WorkingDir").asText());
        // Jib writes every file as root: what the user writes to must be writable by anyone
        for (String dir : List.of("tmp", "var/lib/xtremehub")) {
            assertTrue(Files.getPosixFilePermissions(root.resolve(dir)).contains(PosixFilePermission.OTHERS_WRITE),
                    "/" + dir + " writable by user 10001");
        }
    }

    @Test
    void entrypointIsTheImagesJavaWithItsClassPath() throws IOException {
        List<String> entrypoint = image.entrypoint();
        assertEquals(JAVA, entrypoint.get(0));
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(root.resolve(JAVA.substring(1)));
        assertTrue(mode.contains(PosixFilePermission.OTHERS_EXECUTE), "java executable by user 10001: " + mode);
        assertTrue(Files.isRegularFile(root.resolve("lib64/ld-linux-x86-64.so.2")), "the ELF interpreter");
        int cp = entrypoint.indexOf("-cp");
        assertEquals("@/app/jib-classpath-file", entrypoint.get(cp + 1));
        assertEquals(mainClass(), entrypoint.get(cp + 2));
        assertEquals(cp + 3 + 0, entrypoint.size(), "the main class ends the entrypoint; arguments are the Cmd");

        String classPath = Files.readString(root.resolve("app/jib-classpath-file")).trim();
        List<String> entries = List.of(classPath.split(":"));
        assertTrue(entries.size() > 10, "class path: " + classPath);
        String mainEntry = mainClass().replace('.', '/') + ".class";
        List<String> holders = new ArrayList<>();
        for (String entry : entries) {
            Path p = root.resolve(entry.substring(1));
            assertTrue(Files.exists(p), "class path entry " + entry + " is in the image");
            if (entry.endsWith(".jar")) {
                try (ZipFile jar = new ZipFile(p.toFile())) {
                    if (jar.getEntry(mainEntry) != null) {
                        holders.add(entry);
                    }
                }
            }
        }
        assertEquals(1, holders.size(), mainClass() + " in exactly one jar: " + holders);

        entrypoint.stream().filter(a -> a.startsWith("-Dlogback.configurationFile=")).forEach(a -> {
            String cfg = a.substring(a.indexOf('=') + 1);
            assertTrue(cfg.startsWith("/") ? Files.isRegularFile(root.resolve(cfg.substring(1)))
                    : resourceOnClassPath(entries, cfg), "logback configuration " + cfg + " is in the image");
        });
    }

    @Test
    void javaOfTheImageRunsInItsRootFilesystem() throws Exception {
        Sandbox.Result r = sandbox.run(List.of(JAVA, "-version"), "", Duration.ofSeconds(60));
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.stderr().contains("version \"17."), r.output());
    }

    @Test
    void exposesThePortsItsProgramServesBeyondLoopback() {
        Set<String> ports = new TreeSet<>();
        image.runConfig().path("ExposedPorts").fieldNames().forEachRemaining(ports::add);
        assertEquals(new TreeSet<>(exposedPorts()), ports);
    }

    @Test
    void readmeDocumentsTheImageAndTheConfigItReads() throws IOException {
        String readme = Files.readString(DOCKER.resolve("README.md"));
        assertTrue(readme.contains("xtremehub/" + imageName()), "README names xtremehub/" + imageName());
        for (String s : documented()) {
            assertTrue(readme.contains(s), "README mentions " + s);
        }
    }

    /** The image's entrypoint and default arguments, as {@code docker run <image>} runs them. */
    List<String> defaultCommand() {
        List<String> c = new ArrayList<>(image.entrypoint());
        c.addAll(image.cmd());
        return c;
    }

    /** The entrypoint with other arguments, as {@code docker run <image> args...} runs them. */
    List<String> command(String... args) {
        List<String> c = new ArrayList<>(image.entrypoint());
        c.addAll(List.of(args));
        return c;
    }

    Map<String, String> env() {
        return Sandbox.asMap(image.env());
    }

    /** Replaces a file of the extracted image (as a mounted file would), returning the original text. */
    String replaceFile(String path, String text) throws IOException {
        Path p = root.resolve(path.substring(1));
        String original = Files.readString(p);
        Files.writeString(p, text);
        return original;
    }

    private boolean resourceOnClassPath(List<String> entries, String resource) {
        for (String entry : entries) {
            Path p = root.resolve(entry.substring(1));
            if (Files.isDirectory(p) && Files.isRegularFile(p.resolve(resource))) {
                return true;
            }
            if (entry.endsWith(".jar")) {
                try (ZipFile jar = new ZipFile(p.toFile())) {
                    if (jar.getEntry(resource) != null) {
                        return true;
                    }
                } catch (IOException e) {
                    throw new AssertionError("unreadable jar " + entry, e);
                }
            }
        }
        return false;
    }

    /** Deletes a directory tree, refusing if anything is still mounted below it. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        String mounts = Files.readString(Path.of("/proc/self/mountinfo"));
        assertFalse(mounts.contains(dir.toString()), "something is still mounted under " + dir);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void assertExit(int expected, Sandbox.Result r) {
        assertEquals(expected, r.exitCode(), r.output());
    }

    static void assertNotZero(Sandbox.Result r) {
        assertNotEquals(0, r.exitCode(), r.output());
    }
}
