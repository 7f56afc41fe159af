package io.xtremehub.standalone.internal;

import io.xtremehub.standalone.ClusterStartException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a cluster's data directory, held while the cluster runs. It is what
 * lets a starting cluster treat every session and registration it finds there as its own
 * previous run's: no other live cluster can be using the directory. The operating system
 * releases it when the process dies, so a crash never leaves it behind.
 */
public final class DataDirLock implements AutoCloseable {
    private static final String FILE = ".lock";
    private final FileChannel channel;
    private final FileLock lock;

    public DataDirLock(Path dataDir) throws IOException {
        this.channel = FileChannel.open(dataDir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock acquired;
        try {
            acquired = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            acquired = null;
        }
        if (acquired == null) {
            channel.close();
            throw new ClusterStartException("data directory " + dataDir
                    + " is in use by another running XtremeHub cluster: stop it first or choose another --data-dir");
        }
        this.lock = acquired;
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
