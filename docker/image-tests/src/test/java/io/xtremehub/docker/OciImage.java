package io.xtremehub.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * An OCI image archive as Jib's {@code buildTar} writes it (oci-layout, index.json, blobs/sha256/*),
 * read the way {@code docker load} / {@code podman load} read it: every blob must match its digest,
 * every uncompressed layer its diff id in the image configuration.
 */
final class OciImage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path blobs;
    private final JsonNode index;
    private final JsonNode manifest;
    private final JsonNode config;

    private OciImage(Path blobs, JsonNode index, JsonNode manifest, JsonNode config) {
        this.blobs = blobs;
        this.index = index;
        this.manifest = manifest;
        this.config = config;
    }

    /** Unpacks the archive into {@code workDir} and reads its index, manifest and configuration. */
    static OciImage open(Path tarball, Path workDir) throws IOException {
        Files.createDirectories(workDir);
        try (TarArchiveInputStream in = new TarArchiveInputStream(Files.newInputStream(tarball))) {
            TarArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                Path target = safeResolve(workDir, e.getName());
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        String layout = Files.readString(workDir.resolve("oci-layout"));
        if (!JSON.readTree(layout).path("imageLayoutVersion").asText().equals("1.0.0")) {
            throw new IOException("not an OCI image layout 1.0.0: " + layout);
        }
        JsonNode index = JSON.readTree(workDir.resolve("index.json").toFile());
        Path blobs = workDir.resolve("blobs/sha256");
        JsonNode manifestRef = index.path("manifests").path(0);
        JsonNode manifest = JSON.readTree(verifiedBlob(blobs, manifestRef.path("digest").asText()));
        JsonNode config = JSON.readTree(verifiedBlob(blobs, manifest.path("config").path("digest").asText()));
        return new OciImage(blobs, index, manifest, config);
    }

    JsonNode index() {
        return index;
    }

    JsonNode manifest() {
        return manifest;
    }

    /** The image configuration's {@code config} section: Entrypoint, Cmd, Env, User, ExposedPorts, ... */
    JsonNode runConfig() {
        return config.path("config");
    }

    JsonNode config() {
        return config;
    }

    /** The reference name the archive carries (what {@code docker load} tags it as). */
    String refName() {
        return index.path("manifests").path(0).path("annotations").path("org.opencontainers.image.ref.name").asText();
    }

    List<String> entrypoint() {
        return strings(runConfig().path("Entrypoint"));
    }

    List<String> cmd() {
        return strings(runConfig().path("Cmd"));
    }

    List<String> env() {
        return strings(runConfig().path("Env"));
    }

    /**
     * Applies the layers in manifest order to an empty directory, with the modes the layers give
     * (so a file the image's user cannot execute cannot be executed here either), checking each
     * layer's compressed digest and its uncompressed diff id.
     */
    void extractLayers(Path root) throws IOException {
        Files.createDirectories(root);
        JsonNode layers = manifest.path("layers");
        JsonNode diffIds = config.path("rootfs").path("diff_ids");
        if (layers.size() != diffIds.size() || layers.isEmpty()) {
            throw new IOException(layers.size() + " layers but " + diffIds.size() + " diff ids");
        }
        for (int i = 0; i < layers.size(); i++) {
            JsonNode layer = layers.get(i);
            if (!layer.path("mediaType").asText().equals("application/vnd.oci.image.layer.v1.tar+gzip")) {
                throw new IOException("unexpected layer media type " + layer.path("mediaType").asText());
            }
            Path blob = verifiedBlobPath(blobs, layer.path("digest").asText());
            MessageDigest uncompressed = sha256();
            try (TarArchiveInputStream in = new TarArchiveInputStream(new DigestInputStream(
                    new GzipCompressorInputStream(Files.newInputStream(blob)), uncompressed))) {
                TarArchiveEntry e;
                while ((e = in.getNextEntry()) != null) {
                    extractEntry(root, in, e);
                }
                in.transferTo(OutputStream.nullOutputStream()); // the tar trailer counts for the diff id
            }
            String diffId = "sha256:" + HexFormat.of().formatHex(uncompressed.digest());
            if (!diffId.equals(diffIds.get(i).asText())) {
                throw new IOException("layer " + i + " has diff id " + diffId + ", the configuration says "
                        + diffIds.get(i).asText());
            }
        }
    }

    private static void extractEntry(Path root, InputStream in, TarArchiveEntry e) throws IOException {
        Path target = safeResolve(root, e.getName());
        if (target.getFileName() != null && target.getFileName().toString().startsWith(".wh.")) {
            throw new IOException("whiteout entries are not expected in these images: " + e.getName());
        }
        if (e.isDirectory()) {
            Files.createDirectories(target);
        } else if (e.isSymbolicLink() || e.isLink()) {
            throw new IOException("links are not expected in these images: " + e.getName());
        } else if (e.isFile()) {
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } else {
            throw new IOException("unexpected entry type in a layer: " + e.getName());
        }
        Files.setPosixFilePermissions(target, permissions(e.getMode()));
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> p = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE};
        for (int bit = 0; bit < 9; bit++) {
            if ((mode & (0400 >> bit)) != 0) {
                p.add(order[bit]);
            }
        }
        return p;
    }

    private static Path safeResolve(Path root, String name) throws IOException {
        Path p = root.resolve(name.startsWith("/") ? name.substring(1) : name).normalize();
        if (!p.startsWith(root.normalize())) {
            throw new IOException("entry outside the archive root: " + name);
        }
        return p;
    }

    private static byte[] verifiedBlob(Path blobs, String digest) throws IOException {
        return Files.readAllBytes(verifiedBlobPath(blobs, digest));
    }

    private static Path verifiedBlobPath(Path blobs, String digest) throws IOException {
        if (!digest.startsWith("sha256:")) {
            throw new IOException("unexpected digest " + digest);
        }
        Path blob = blobs.resolve(digest.substring("sha256:".length()));
        MessageDigest sha = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(blob), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        String actual = "sha256:" + HexFormat.of().formatHex(sha.digest());
        if (!actual.equals(digest)) {
            throw new IOException("blob " + digest + " has digest " + actual);
        }
        return blob;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
