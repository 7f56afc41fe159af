package io.xtremehub.faastream.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A Java Lambda deployment package as the Lambda runtime sees it: the zip is unpacked, its root
 * and {@code lib/*.jar} form a class loader that shares nothing with the test's class path (only
 * the JDK), and the handler class is found by name and called by reflection. A handler that works
 * here therefore finds everything it needs in the package (plus the user's job classes).
 */
public final class LambdaPackage {
    private final URLClassLoader loader;
    private final Object handler;
    private final Method handleRequest;
    private final Class<?> contextType;
    private final String functionName;

    /**
     * @param zip the deployment package (classes at the root, dependencies in {@code lib/})
     * @param handlerClass the handler's class name, a {@code RequestStreamHandler}
     * @param userCode directories or jars with the job's own classes, as a user would add them
     */
    public LambdaPackage(Path zip, String handlerClass, String functionName, Path unpackDir, Path... userCode) {
        this.functionName = functionName;
        try {
            unzip(zip, unpackDir);
            List<URL> urls = new ArrayList<>();
            urls.add(unpackDir.toUri().toURL());
            try (Stream<Path> jars = Files.list(unpackDir.resolve("lib"))) {
                for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                    urls.add(jar.toUri().toURL());
                }
            }
            for (Path p : userCode) {
                urls.add(p.toUri().toURL());
            }
            loader = new URLClassLoader("lambda-" + functionName, urls.toArray(URL[]::new),
                    ClassLoader.getPlatformClassLoader());
            Class<?> type = loader.loadClass(handlerClass);
            contextType = loader.loadClass("com.amazonaws.services.lambda.runtime.Context");
            handleRequest = type.getMethod("handleRequest", InputStream.class, OutputStream.class, contextType);
            handler = type.getConstructor().newInstance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load handler " + handlerClass + " from " + zip + ": " + e, e);
        }
    }

    /** Runs one invocation in this (warm) container; the handler's own exception is thrown as is. */
    public void invoke(InputStream in, OutputStream out, LongSupplier remainingMillis) throws Exception {
        Object context = Proxy.newProxyInstance(loader, new Class<?>[] {contextType},
                (proxy, method, args) -> contextValue(method.getName(), remainingMillis));
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            handleRequest.invoke(handler, in, out, context);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private Object contextValue(String method, LongSupplier remainingMillis) {
        return switch (method) {
            case "getRemainingTimeInMillis" -> (int) Math.max(0, remainingMillis.getAsLong());
            case "getAwsRequestId", "getLogStreamName" -> UUID.randomUUID().toString();
            case "getFunctionName" -> functionName;
            case "getFunctionVersion" -> "$LATEST";
            case "getLogGroupName" -> "/aws/lambda/" + functionName;
            case "getInvokedFunctionArn" -> "arn:aws:lambda:us-east-1:000000000000:function:" + functionName;
            case "getMemoryLimitInMB" -> 1769;
            case "hashCode" -> System.identityHashCode(this);
            case "toString" -> "Context(" + functionName + ")";
            default -> null;
        };
    }

    private static void unzip(Path zip, Path dir) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException("zip entry outside the target directory: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target);
                }
            }
        }
    }
}
