package io.xtremehub.flink.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.xtremehub.flink.MiniClusters;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** SQL between Pravega tables through the 'pravega' table factory and the JSON format. */
@EmbeddedCluster
class PravegaSqlIT {
    @Provided
    static TestCluster pravega;

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots();

    private StreamTableEnvironment tableEnv() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.enableCheckpointing(300);
        return StreamTableEnvironment.create(env);
    }

    private String with(String stream, String extra) {
        return " WITH ('connector' = 'pravega', 'controller-uri' = '" + pravega.controllerUri() + "', 'scope' = '"
                + TestCluster.SCOPE + "', 'stream' = '" + stream + "', 'format' = 'json'" + extra + ")";
    }

    @Test
    void insertIntoSelectCopiesBetweenTwoPravegaTables() throws Exception {
        String in = pravega.newStream("sql-in", 2);
        String out = pravega.newStream("sql-out", 2);
        pravega.events().writeKeyedByText(in, IntStream.range(0, 400)
                .mapToObj(i -> "{\"id\":" + i + ",\"name\":\"n" + i + "\"}").toList());

        StreamTableEnvironment tables = tableEnv();
        tables.executeSql("CREATE TABLE src (id INT, name STRING)" + with(in, ", 'scan.bounded.mode' = 'latest'"));
        tables.executeSql("CREATE TABLE dst (id INT, name STRING)" + with(out,
                ", 'sink.delivery-guarantee' = 'exactly-once', 'sink.routing-key.field' = 'name'"));
        tables.executeSql("INSERT INTO dst SELECT id, UPPER(name) FROM src WHERE MOD(id, 2) = 0").await();

        List<String> expected = IntStream.range(0, 400).filter(i -> i % 2 == 0)
                .mapToObj(i -> "{\"id\":" + i + ",\"name\":\"N" + i + "\"}").toList();
        await().atMost(Duration.ofMinutes(1)).until(() -> pravega.events().readSegments(out).size() >= expected.size());
        assertThat(pravega.events().readSegments(out)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void routingKeyMustNameAStringColumn() {
        StreamTableEnvironment tables = tableEnv();
        tables.executeSql("CREATE TABLE bad (id INT, name STRING)" + with("whatever",
                ", 'sink.routing-key.field' = 'id'"));
        assertThatThrownBy(() -> tables.executeSql("INSERT INTO bad VALUES (1, 'a')"))
                .hasRootCauseInstanceOf(ValidationException.class)
                .rootCause().hasMessageContaining("'sink.routing-key.field' column 'id' must be a STRING");
    }
}
