package io.xtremehub.nexus.swarm;

import java.util.List;

/** Who the live workers of a swarmlet are, as seen by one of them. */
public interface Membership extends AutoCloseable {
    /** Makes this worker a member (once its endpoints serve). */
    void join(Member self);

    /** This worker, or null before it joined. */
    Member self();

    /** The live members, this worker included once joined, ordered by id. */
    List<Member> members();

    /** Runs the listener after the set of live members changed. */
    void addListener(Runnable listener);

    /** Leaves the swarmlet. */
    @Override
    void close();
}
