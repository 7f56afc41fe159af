package io.xtremehub.flink.sink;

import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;

/** What both sink writers are to Flink: they hand over committables and keep writer state. */
interface PravegaWriter<T> extends CommittingSinkWriter<T, PravegaCommittable>,
        StatefulSinkWriter<T, PravegaWriterState> {
}
