package io.xtremehub.nexus.streamlet;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.DataSourceStreamlet;
import io.xtremehub.nexus.api.EventStreamlet;
import io.xtremehub.nexus.api.Streamlet;
import io.xtremehub.nexus.api.StreamletDescriptor;
import io.xtremehub.nexus.api.StreamletType;
import io.xtremehub.nexus.policy.Policy;
import java.util.List;
import java.util.Map;

/**
 * The configured streamlet instances of one policy version, in pipeline order, with the facts about
 * them that every request asks (worked out once, not per request).
 */
public final class ActivePipeline implements AutoCloseable {
    private static final ClassValue<Boolean> IMPLEMENTS_GET_RECORD = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("processGetRecord", Object.class, io.xtremehub.nexus.api.StreamletContext.class)
                        .getDeclaringClass() != EventStreamlet.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };

    /**
     * One configured streamlet.
     *
     * @param position index in the policy's pipeline
     * @param descriptor its descriptor
     * @param streamlet the instance
     * @param parameters its parameters
     */
    public record Step(int position, StreamletDescriptor descriptor, Streamlet streamlet,
                       Map<String, String> parameters) {
        /** Whether it changes bytes and so must be undone on GET (a byte-preserving one leaves nothing to undo). */
        public boolean transforms() {
            return descriptor.type() == StreamletType.TRANSFORMER && streamlet instanceof ByteStreamlet b
                    && !b.preservesBytes();
        }

        /** The streamlet as a byte streamlet, or null. */
        public ByteStreamlet bytes() {
            return streamlet instanceof ByteStreamlet b ? b : null;
        }

        /** The streamlet as a data source, or null. */
        public DataSourceStreamlet dataSource() {
            return streamlet instanceof DataSourceStreamlet d ? d : null;
        }

        /**
         * Whether this is an event streamlet that looks at the records GETs return: it runs on GET and
         * implements {@code processGetRecord} (the interface's default does nothing, and costs nothing).
         */
        public boolean observesGets() {
            return events() != null && descriptor.on().onGet() && IMPLEMENTS_GET_RECORD.get(streamlet.getClass());
        }

        /** The streamlet as an event streamlet, or null. */
        @SuppressWarnings("unchecked")
        public EventStreamlet<Object> events() {
            return streamlet instanceof EventStreamlet<?> e ? (EventStreamlet<Object>) e : null;
        }
    }

    private final Policy policy;
    private final List<Step> steps;
    private final boolean stateful;
    private final List<Step> getObservers;
    private final List<DataSourceStreamlet> dataSources;
    private final boolean passiveOnGet;

    /**
     * @param policy the policy version
     * @param steps its steps
     */
    public ActivePipeline(Policy policy, List<Step> steps) {
        this.policy = policy;
        this.steps = List.copyOf(steps);
        this.stateful = steps.stream().anyMatch(s -> s.descriptor().stateful());
        this.getObservers = steps.stream().filter(Step::observesGets).toList();
        this.dataSources = steps.stream().map(Step::dataSource).filter(java.util.Objects::nonNull).toList();
        this.passiveOnGet = getObservers.isEmpty()
                && steps.stream().noneMatch(s -> s.dataSource() != null && s.descriptor().on().onGet());
    }

    /** The policy version. */
    public Policy policy() {
        return policy;
    }

    /** Its steps. */
    public List<Step> steps() {
        return steps;
    }

    /** Whether a streamlet keeps state (the pipeline is then run per partition). */
    public boolean stateful() {
        return stateful;
    }

    /** The event streamlets that look at the records GETs return ({@link Step#observesGets()}). */
    public List<Step> getObservers() {
        return getObservers;
    }

    /** Its data-source streamlets. */
    public List<DataSourceStreamlet> dataSources() {
        return dataSources;
    }

    /**
     * Whether a GET of an object it stored without transforming can be answered with the stored
     * bytes as they are: no streamlet serves reads or looks at them.
     */
    public boolean passiveOnGet() {
        return passiveOnGet;
    }

    /** The step at a pipeline position. */
    public Step step(int position) {
        if (position < 0 || position >= steps.size()) {
            throw new IllegalArgumentException("policy " + policy.id() + " has no step " + position);
        }
        return steps.get(position);
    }

    /** Whether every PUT-side byte streamlet keeps lengths and no streamlet needs the whole chunk first. */
    public boolean canStreamDirectly() {
        for (Step s : steps) {
            if (!s.descriptor().on().onPut()) {
                continue;
            }
            if (s.events() != null || s.descriptor().type() == StreamletType.ROUTING) {
                return false;
            }
            if (s.bytes() != null && !s.bytes().preservesBytes()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        for (Step s : steps) {
            try {
                s.streamlet().close();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(ActivePipeline.class).warn("closing streamlet {} failed",
                        s.descriptor().name(), e);
            }
        }
    }
}
