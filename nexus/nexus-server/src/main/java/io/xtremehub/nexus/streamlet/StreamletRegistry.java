package io.xtremehub.nexus.streamlet;

import io.xtremehub.nexus.api.Streamlet;
import io.xtremehub.nexus.api.StreamletDescriptor;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metadata.StreamletRegistration;
import io.xtremehub.nexus.streamlet.builtin.AesGcmStreamlet;
import io.xtremehub.nexus.streamlet.builtin.ContentRoutingStreamlet;
import io.xtremehub.nexus.streamlet.builtin.GzipStreamlet;
import io.xtremehub.nexus.streamlet.builtin.LocalCacheStreamlet;
import io.xtremehub.nexus.streamlet.builtin.NoopStreamlet;
import io.xtremehub.nexus.streamlet.builtin.PartitionStatsStreamlet;
import io.xtremehub.nexus.streamlet.builtin.SemanticRoutingStreamlet;
import io.xtremehub.nexus.streamlet.builtin.ZstdStreamlet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Knows every streamlet by name: the built-ins, and those registered from jars at runtime. Each jar
 * is loaded in its own class loader whose parent sees only the JDK, the streamlet API and this
 * server, so jars cannot clash with each other. A jar lists its streamlet classes in
 * {@code META-INF/services/io.xtremehub.nexus.api.Streamlet}.
 */
public final class StreamletRegistry implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamletRegistry.class);
    private static final String SERVICES = "META-INF/services/" + Streamlet.class.getName();

    private final Map<String, Class<? extends Streamlet>> builtins = new LinkedHashMap<>();
    private final Map<String, URLClassLoader> loaders = new ConcurrentHashMap<>();
    private final MetadataStore metadata;
    private final Path jarDir;

    /**
     * @param metadata where registrations are kept
     * @param jarDir where registered jars are copied
     */
    public StreamletRegistry(MetadataStore metadata, Path jarDir) {
        this.metadata = metadata;
        this.jarDir = jarDir;
        for (Class<? extends Streamlet> c : List.of(NoopStreamlet.class, GzipStreamlet.class, ZstdStreamlet.class,
                AesGcmStreamlet.class, LocalCacheStreamlet.class, ContentRoutingStreamlet.class,
                PartitionStatsStreamlet.class, SemanticRoutingStreamlet.class)) {
            builtins.put(StreamletDescriptor.of(c).name(), c);
        }
    }

    /** Names of the built-in streamlets. */
    public List<String> builtinNames() {
        return List.copyOf(builtins.keySet());
    }

    /** Descriptors of every known streamlet, built-in and registered. */
    public List<StreamletDescriptor> descriptors() {
        List<StreamletDescriptor> all = new ArrayList<>();
        builtins.values().forEach(c -> all.add(StreamletDescriptor.of(c)));
        for (StreamletRegistration r : metadata.streamlets()) {
            try {
                all.add(StreamletDescriptor.of(loadClass(r)));
            } catch (IllegalArgumentException e) {
                LOG.warn("registered streamlet {} cannot be loaded: {}", r.name(), e.getMessage());
            }
        }
        return all;
    }

    /** Whether a streamlet of that name is known. */
    public boolean knows(String name) {
        return builtins.containsKey(name) || metadata.streamlets().stream().anyMatch(r -> r.name().equals(name));
    }

    /**
     * Creates and configures a streamlet instance.
     *
     * @throws IllegalArgumentException with a one-line message if the name is unknown or a
     *     parameter is wrong
     */
    public Streamlet create(String name, Map<String, String> parameters) {
        Class<? extends Streamlet> type = builtins.get(name);
        if (type == null) {
            StreamletRegistration r = metadata.streamlets().stream().filter(x -> x.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown streamlet '" + name
                            + "': register its jar first (nexus streamlet register <jar>) or use one of "
                            + builtins.keySet()));
            type = loadClass(r);
        }
        Streamlet streamlet;
        try {
            streamlet = type.getDeclaredConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("streamlet '" + name + "' constructor failed: " + e.getCause(), e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("streamlet '" + name + "' needs a public no-argument constructor", e);
        }
        streamlet.configure(parameters);
        return streamlet;
    }

    private Class<? extends Streamlet> loadClass(StreamletRegistration r) {
        URLClassLoader loader = loaders.computeIfAbsent(r.sha256(), sha -> {
            Path jar = Path.of(r.jarPath());
            if (!Files.isReadable(jar)) {
                throw new IllegalArgumentException("streamlet jar " + jar + " is not readable on this worker");
            }
            String actual = sha256(jar);
            if (!actual.equals(sha)) {
                throw new IllegalArgumentException("streamlet jar " + jar + " changed since it was registered");
            }
            try {
                return new URLClassLoader("streamlet-" + r.name(), new URL[] {jar.toUri().toURL()},
                        StreamletRegistry.class.getClassLoader());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot open streamlet jar " + jar + ": " + e.getMessage(), e);
            }
        });
        try {
            return Class.forName(r.className(), false, loader).asSubclass(Streamlet.class);
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IllegalArgumentException("class " + r.className() + " in " + r.jarPath()
                    + " is not a streamlet", e);
        }
    }

    /**
     * Registers the streamlets of a jar: copies it into the registry's directory, loads each listed
     * class in a fresh class loader, checks its descriptor and records it in the metadata store.
     *
     * @return what was registered
     * @throws IllegalArgumentException with a one-line message if the jar is not a streamlet jar;
     *     then nothing is registered
     */
    public List<StreamletRegistration> register(Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("streamlet jar " + jar + " does not exist");
        }
        List<String> classNames = new ArrayList<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            ZipEntry services = jf.getEntry(SERVICES);
            if (services == null) {
                throw new IllegalArgumentException("jar " + jar.getFileName() + " has no " + SERVICES
                        + " listing its streamlet classes");
            }
            try (InputStream in = jf.getInputStream(services);
                 BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    line = line.replaceAll("#.*", "").trim();
                    if (!line.isEmpty()) {
                        classNames.add(line);
                    }
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new IllegalArgumentException("file " + jar.getFileName() + " is not a jar: " + e.getMessage());
        }
        if (classNames.isEmpty()) {
            throw new IllegalArgumentException("jar " + jar.getFileName() + " lists no streamlet classes");
        }
        String sha = sha256(jar);
        Files.createDirectories(jarDir);
        Path target = jarDir.resolve(sha + ".jar");
        Files.copy(jar, target, StandardCopyOption.REPLACE_EXISTING);
        List<StreamletRegistration> result = new ArrayList<>();
        for (String className : classNames) {
            StreamletRegistration probe = new StreamletRegistration("probe", 1, className, target.toString(), sha);
            Class<? extends Streamlet> type = loadClass(probe);
            StreamletDescriptor d = StreamletDescriptor.of(type);
            if (builtins.containsKey(d.name())) {
                throw new IllegalArgumentException("streamlet name '" + d.name() + "' in " + jar.getFileName()
                        + " clashes with a built-in streamlet");
            }
            result.add(new StreamletRegistration(d.name(), d.version(), className, target.toString(), sha));
        }
        result.forEach(metadata::registerStreamlet);
        LOG.info("registered streamlets {} from {}", result.stream().map(StreamletRegistration::name).toList(),
                jar.getFileName());
        return result;
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[65536];
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        loaders.values().forEach(l -> {
            try {
                l.close();
            } catch (IOException e) {
                LOG.debug("closing class loader", e);
            }
        });
        loaders.clear();
    }
}
