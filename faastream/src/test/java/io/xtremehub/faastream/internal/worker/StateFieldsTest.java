package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.State;
import io.xtremehub.faastream.Transformer;
import org.junit.jupiter.api.Test;

class StateFieldsTest {
    static final class Summer implements Transformer<Long, Long> {
        @State
        long total;
        long notState;

        @Override
        public Long apply(Long input) {
            total += input;
            notState++;
            return total;
        }
    }

    @Test
    void stateFieldsMoveToASuccessorOthersDoNot() throws Exception {
        Summer a = new Summer();
        a.apply(5L);
        a.apply(7L);
        byte[] saved = StateFields.save(a);
        Summer b = new Summer();
        assertTrue(StateFields.hasState(b));
        StateFields.restore(b, saved);
        assertEquals(12, b.total);
        assertEquals(0, b.notState);
        assertEquals(13L, b.apply(1L));
    }
}
