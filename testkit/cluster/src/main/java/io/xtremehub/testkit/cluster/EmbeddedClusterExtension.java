package io.xtremehub.testkit.cluster;

import io.pravega.client.ClientConfig;
import io.pravega.client.admin.StreamManager;
import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.testkit.RedisServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The extension behind {@link EmbeddedCluster}: starts the cluster (and redis-server) in the store
 * of the scope asked for, so JUnit stops it when that scope ends (the root store: after the last
 * class of the JVM), and hands it to the class's fields and parameters.
 */
public final class EmbeddedClusterExtension implements BeforeAllCallback, TestInstancePostProcessor, ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(EmbeddedClusterExtension.class);
    private static final String HANDLES = "handles";

    // What a test may ask for, and how to get it from the class's cluster and redis-server.
    private static final Map<Class<?>, Function<Handles, Object>> PROVIDED = Map.of(
            TestCluster.class, Handles::cluster,
            RedisServer.class, Handles::redis,
            ClientConfig.class, h -> h.cluster().clientConfig(),
            StreamManager.class, h -> h.cluster().streamManager(),
            S3Client.class, h -> h.cluster().s3(),
            StandaloneCluster.class, h -> h.cluster().standalone());

    @Override
    public void beforeAll(ExtensionContext context) throws IllegalAccessException {
        Class<?> testClass = context.getRequiredTestClass();
        EmbeddedCluster settings = AnnotationSupport.findAnnotation(testClass, EmbeddedCluster.class)
                .orElseThrow(() -> new ExtensionConfigurationException(testClass.getName()
                        + " registers EmbeddedClusterExtension directly: annotate it with @EmbeddedCluster instead"));
        boolean shared = settings.scope() == EmbeddedCluster.Scope.JVM;
        if (shared && settings.config() != ClusterCustomizer.Defaults.class) {
            throw new ExtensionConfigurationException(testClass.getName() + " customizes a shared cluster: add"
                    + " scope = EmbeddedCluster.Scope.CLASS to its @EmbeddedCluster to give it a cluster of its own");
        }
        ExtensionContext owner = shared ? context.getRoot() : context;
        // A child store answers with its parents' values: the keys of a class's own cluster must
        // differ from the JVM's, or the class would be handed the shared one.
        String key = shared ? "jvm" : "class:" + testClass.getName();
        TestCluster cluster = owned(owner, key + ":cluster", TestCluster.class,
                () -> TestCluster.start(customizer(settings.config())));
        RedisServer redis = settings.redis()
                ? owned(owner, key + ":redis", RedisServer.class, EmbeddedClusterExtension::startRedis) : null;
        Handles handles = new Handles(cluster, redis, testClass);
        context.getStore(NS).put(HANDLES, handles);
        inject(testClass, null, handles, true);
    }

    @Override
    public void postProcessTestInstance(Object testInstance, ExtensionContext context) throws IllegalAccessException {
        inject(testInstance.getClass(), testInstance, handles(context), false);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return PROVIDED.containsKey(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return PROVIDED.get(parameter.getParameter().getType()).apply(handles(context));
    }

    /** The cluster of the running test class, for extensions that build on it (e.g. a job manager per class). */
    public static TestCluster clusterOf(ExtensionContext context) {
        return handles(context).cluster();
    }

    private static Handles handles(ExtensionContext context) {
        Handles handles = context.getStore(NS).get(HANDLES, Handles.class);
        if (handles == null) {
            throw new ParameterResolutionException("no embedded cluster for " + context.getDisplayName()
                    + ": annotate the test class with @EmbeddedCluster");
        }
        return handles;
    }

    // Started once per store (the root's for JVM scope) and closed by JUnit when that store closes.
    private static <T extends AutoCloseable> T owned(ExtensionContext owner, String key, Class<T> type,
                                                    Supplier<T> start) {
        return type.cast(owner.getStore(NS).getOrComputeIfAbsent(key, k -> new Owned(start.get()), Owned.class).value());
    }

    private static void inject(Class<?> testClass, Object instance, Handles handles, boolean statics)
            throws IllegalAccessException {
        for (Field field : AnnotationSupport.findAnnotatedFields(testClass, Provided.class,
                f -> Modifier.isStatic(f.getModifiers()) == statics, HierarchyTraversalMode.TOP_DOWN)) {
            Function<Handles, Object> provider = PROVIDED.get(field.getType());
            if (provider == null) {
                throw new ExtensionConfigurationException("@Provided field " + field + " has a type the kit does not"
                        + " provide; use one of " + PROVIDED.keySet().stream().map(Class::getSimpleName).sorted().toList());
            }
            field.setAccessible(true);
            field.set(instance, provider.apply(handles));
        }
    }

    private static RedisServer startRedis() {
        try {
            return RedisServer.startInTempDir();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ClusterCustomizer customizer(Class<? extends ClusterCustomizer> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new ExtensionConfigurationException(type.getName() + " needs a public no-argument constructor", e);
        }
    }

    /** What one test class was given. */
    private record Handles(TestCluster cluster, RedisServer redisOrNull, Class<?> testClass) {
        RedisServer redis() {
            if (redisOrNull == null) {
                throw new ParameterResolutionException(testClass.getName() + " asks for a RedisServer: add"
                        + " redis = true to its @EmbeddedCluster");
            }
            return redisOrNull;
        }
    }

    /** A resource a store owns: JUnit closes it when the store's context ends. */
    private record Owned(AutoCloseable value) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() throws Exception {
            value.close();
        }
    }
}
