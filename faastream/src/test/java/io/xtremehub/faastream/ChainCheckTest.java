package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The failure experiment's check finds each way a chained sum can break. */
class ChainCheckTest {
    // values 1..5 over two chains: a gets 1, 3, 4; b gets 2, 5
    private static final List<String> EXACT = List.of("1:a:1", "2:b:2", "3:a:4", "4:a:8", "5:b:7");

    @Test
    void exactlyOnceResultsPass() {
        assertEquals(List.of(), ChainCheck.violations(EXACT, 5, 2));
        assertEquals(List.of(), ChainCheck.violations(EXACT.subList(0, 3), 0, 2), "a prefix while input flows");
    }

    @Test
    void aLostEventIsFound() {
        // 3 was read but its result and its addition to the sum are gone
        List<String> lost = List.of("1:a:1", "2:b:2", "4:a:5", "5:b:7");
        assertTrue(ChainCheck.violations(lost, 5, 2).contains("value 3 is missing"), ChainCheck.violations(lost, 5, 2).toString());
    }

    @Test
    void aReplayedEventIsFound() {
        // 3's result committed twice (once before a crash, once by the successor restored before it)
        List<String> twice = List.of("1:a:1", "2:b:2", "3:a:4", "3:a:4", "4:a:8", "5:b:7");
        List<String> problems = ChainCheck.violations(twice, 5, 2);
        assertTrue(problems.contains("value 3 appears more than once"), problems.toString());
        assertTrue(problems.contains("chain a: sum 4 after 4 does not add value 3"), problems.toString());
    }

    @Test
    void aSumCountedTwiceIsFound() {
        // the state kept 3 but its result was rolled back and replayed: the sum has it twice
        List<String> doubled = List.of("1:a:1", "2:b:2", "3:a:7", "4:a:11", "5:b:7");
        assertTrue(ChainCheck.violations(doubled, 5, 2).contains("chain a: sum 7 after 1 does not add value 3"));
    }

    @Test
    void aLostStateIsFound() {
        // slot a's state was lost: its successor starts chain c from zero
        List<String> restarted = List.of("1:a:1", "2:b:2", "3:a:4", "4:c:4", "5:b:7");
        assertTrue(ChainCheck.violations(restarted, 5, 2).get(0).startsWith("3 chains for 2 worker slots"));
    }
}
