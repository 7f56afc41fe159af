package io.xtremehub.nexus.api;

/** The four streamlet categories of the Nexus design (reference section 8.3.2). */
public enum StreamletType {
    /** Changes the content of the data (compression, encryption); must be undone on GET. */
    TRANSFORMER,
    /** Improves IO performance without changing content (caching, prefetching). */
    PERFORMANCE,
    /** Changes the destination of the data (bucket choice, replication). */
    ROUTING,
    /** Analyses content and reacts to it (labelling); never changes content. */
    SEMANTIC
}
