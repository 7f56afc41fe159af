package io.xtremehub.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes manifests under docker/k8s, read into fabric8's typed model: every document must
 * map to a known kind, and no field may be left over (a misspelt key lands in fabric8's
 * {@code additionalProperties} and would be ignored by Kubernetes' client-side apply, or rejected).
 */
final class Manifests {
    private static final ObjectMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private Manifests() {
    }

    static List<HasMetadata> load(Path file) throws IOException {
        List<HasMetadata> out = new ArrayList<>();
        try (var parser = new YAMLFactory().createParser(file.toFile())) {
            for (JsonNode doc : YAML.readValues(parser, JsonNode.class).readAll()) {
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                KubernetesResource r = JSON.treeToValue(doc, KubernetesResource.class);
                if (!(r instanceof HasMetadata h) || r instanceof GenericKubernetesResource) {
                    throw new IOException(file + ": no model class for " + doc.path("apiVersion").asText() + " "
                            + doc.path("kind").asText());
                }
                assertNoUnknownFields(h, file.getFileName() + ":" + h.getKind() + "/" + h.getMetadata().getName());
                out.add(h);
            }
        }
        return out;
    }

    static <T extends HasMetadata> T get(List<HasMetadata> all, Class<T> kind, String name) {
        return all.stream().filter(kind::isInstance).map(kind::cast)
                .filter(r -> r.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind.getSimpleName() + " " + name));
    }

    /** A file held in a ConfigMap or Secret (stringData). */
    static String file(HasMetadata holder, String key) {
        Map<String, String> data = holder instanceof ConfigMap c ? c.getData()
                : holder instanceof Secret s ? s.getStringData() : null;
        if (data == null || !data.containsKey(key)) {
            throw new AssertionError(holder.getKind() + " " + holder.getMetadata().getName() + " has no " + key);
        }
        return data.get(key);
    }

    static JsonNode yaml(String text) throws IOException {
        return YAML.readTree(text);
    }

    private static void assertNoUnknownFields(Object o, String path) {
        if (o == null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                assertNoUnknownFields(e, path + "[" + i++ + "]");
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> assertNoUnknownFields(v, path + "." + k));
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method g : o.getClass().getMethods()) {
            if (g.getParameterCount() != 0 || Modifier.isStatic(g.getModifiers()) || g.getDeclaringClass() == Object.class
                    || !(g.getName().startsWith("get") || g.getName().startsWith("is"))) {
                continue;
            }
            Object v;
            try {
                v = g.invoke(o);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(path + ": " + g.getName(), e);
            }
            if (g.getName().equals("getAdditionalProperties")) {
                if (v instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    throw new AssertionError(path + ": unknown field(s) " + extra.keySet());
                }
            } else {
                assertNoUnknownFields(v, path + "." + g.getName());
            }
        }
    }
}
