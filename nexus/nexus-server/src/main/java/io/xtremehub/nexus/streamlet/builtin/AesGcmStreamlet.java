package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.RangeSource;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import io.xtremehub.nexus.api.Streams;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seekable AES-GCM encryption: the input is cut into fixed-size blocks, each sealed on its own with
 * a nonce made of a random per-object prefix and the block number; the block number and a
 * last-block flag are authenticated, so blocks cannot be reordered, dropped or truncated unnoticed.
 * Block offsets follow from the block size, so a ranged GET reads the 16-byte header and only the
 * blocks holding the range.
 *
 * <pre>
 * header : int magic "NXE1", int blockSize, 8-byte nonce prefix
 * block* : ciphertext of up to blockSize bytes, 16-byte tag (at least one block, even if empty)
 * </pre>
 *
 * Parameters: {@code key} (base64 of a 16, 24 or 32-byte AES key, required), {@code blockSize}
 * (default 64 KiB).
 */
@StreamletInfo(name = "aes-gcm", on = Operation.ALL, type = StreamletType.TRANSFORMER)
public final class AesGcmStreamlet implements ByteStreamlet {
    static final int MAGIC = 0x4E584531;
    static final int HEADER_LENGTH = 16;
    static final int TAG_LENGTH = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretKeySpec key;
    private int blockSize = 64 << 10;

    @Override
    public void configure(Map<String, String> parameters) {
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(Params.required(parameters, "key", "aes-gcm").trim());
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("streamlet")) {
                throw e;
            }
            throw new IllegalArgumentException("aes-gcm parameter 'key' is not valid base64");
        }
        if (raw.length != 16 && raw.length != 24 && raw.length != 32) {
            throw new IllegalArgumentException("aes-gcm parameter 'key' must decode to 16, 24 or 32 bytes, got "
                    + raw.length);
        }
        key = new SecretKeySpec(raw, "AES");
        blockSize = Params.intParam(parameters, "blockSize", 64 << 10, 1024, 16 << 20);
    }

    private SecretKeySpec key() throws IOException {
        if (key == null) {
            throw new IOException("aes-gcm streamlet has no key configured");
        }
        return key;
    }

    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) throws IOException {
        byte[] prefix = new byte[8];
        RANDOM.nextBytes(prefix);
        return new Sealer(original, key(), blockSize, prefix);
    }

    @Override
    public InputStream processGetBytes(InputStream stored, StreamletContext context) throws IOException {
        byte[] header = stored.readNBytes(HEADER_LENGTH);
        Header h = Header.parse(header);
        return new Opener(new PushbackInputStream(stored, 1), key(), h, 0, Long.MAX_VALUE, -1);
    }

    @Override
    public InputStream processGetRange(long first, long last, long inputLength, RangeSource stored,
                                       StreamletContext context) throws IOException {
        if (stored.length() < HEADER_LENGTH) {
            throw new EOFException("encrypted object shorter than its header");
        }
        Header h = Header.parse(stored.readStructure(0, HEADER_LENGTH)); // cached by Nexus per stored version
        long blocks = Math.max(1, (inputLength + h.blockSize - 1) / h.blockSize);
        long firstBlock = first / h.blockSize;
        long lastBlock = last / h.blockSize;
        if (lastBlock >= blocks) {
            throw new IOException("range " + first + "-" + last + " is beyond the encrypted object");
        }
        long sealed = (long) h.blockSize + TAG_LENGTH;
        long from = HEADER_LENGTH + firstBlock * sealed;
        long to = Math.min(HEADER_LENGTH + (lastBlock + 1) * sealed, stored.length()) - 1;
        Opener opener = new Opener(new PushbackInputStream(stored.open(from, to), 1), key(), h, firstBlock,
                lastBlock - firstBlock + 1, blocks - 1);
        return Streams.slice(opener, first - firstBlock * h.blockSize, last - first + 1);
    }

    private record Header(int blockSize, byte[] prefix) {
        static Header parse(byte[] header) throws IOException {
            if (header.length != HEADER_LENGTH) {
                throw new EOFException("encrypted object shorter than its header");
            }
            ByteBuffer b = ByteBuffer.wrap(header);
            if (b.getInt() != MAGIC) {
                throw new IOException("stored object is not in Nexus AES-GCM format");
            }
            int size = b.getInt();
            if (size <= 0 || size > (16 << 20)) {
                throw new IOException("corrupt Nexus AES-GCM header: block size " + size);
            }
            byte[] prefix = new byte[8];
            b.get(prefix);
            return new Header(size, prefix);
        }
    }

    /**
     * Sets up {@code reuse} (or a new cipher if null) for one block: its nonce and its authenticated
     * block number and last-block flag. One cipher per stream, re-initialized per block, saves a
     * provider lookup per block.
     */
    private static Cipher initCipher(Cipher reuse, int mode, SecretKeySpec key, byte[] prefix, long block,
                                     boolean last) throws IOException {
        try {
            Cipher c = reuse != null ? reuse : Cipher.getInstance("AES/GCM/NoPadding");
            byte[] nonce = ByteBuffer.allocate(12).put(prefix).putInt((int) block).array();
            c.init(mode, key, new GCMParameterSpec(TAG_LENGTH * 8, nonce));
            c.updateAAD(ByteBuffer.allocate(9).putLong(block).put((byte) (last ? 1 : 0)).array());
            return c;
        } catch (GeneralSecurityException e) {
            throw new IOException("AES-GCM unavailable: " + e.getMessage(), e);
        }
    }

    /** Encrypts block by block; reads one block ahead to know which block is the last. */
    private static final class Sealer extends ChunkedOutputInputStream {
        private final InputStream in;
        private final SecretKeySpec key;
        private final int blockSize;
        private final byte[] prefix;
        private byte[] current;
        private int currentLength;
        private byte[] next;
        private long block;
        private boolean headerDone;
        private boolean finished;
        private Cipher cipher;

        Sealer(InputStream in, SecretKeySpec key, int blockSize, byte[] prefix) {
            this.in = in;
            this.key = key;
            this.blockSize = blockSize;
            this.prefix = prefix;
            this.current = new byte[blockSize];
            this.next = new byte[blockSize];
        }

        @Override
        protected byte[] nextChunk() throws IOException {
            if (!headerDone) {
                headerDone = true;
                currentLength = Streams.readFully(in, current, 0, blockSize);
                return ByteBuffer.allocate(HEADER_LENGTH).putInt(MAGIC).putInt(blockSize).put(prefix).array();
            }
            if (finished) {
                return null;
            }
            int nextLength = currentLength == blockSize ? Streams.readFully(in, next, 0, blockSize) : 0;
            boolean last = nextLength == 0;
            cipher = initCipher(cipher, Cipher.ENCRYPT_MODE, key, prefix, block++, last);
            byte[] out;
            try {
                out = cipher.doFinal(current, 0, currentLength);
            } catch (GeneralSecurityException e) {
                throw new IOException("AES-GCM encryption failed: " + e.getMessage(), e);
            }
            byte[] swap = current;
            current = next;
            next = swap;
            currentLength = nextLength;
            finished = last;
            return out;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /**
     * Decrypts and authenticates consecutive blocks with one cipher and one output buffer. Which
     * block is the object's last is known from its length for a ranged read; for a whole-object
     * read it is the block after which the stored bytes end (found by reading one byte ahead).
     */
    private static final class Opener extends ChunkedOutputInputStream {
        private final PushbackInputStream in;
        private final SecretKeySpec key;
        private final Header header;
        private final long lastBlock;
        private long block;
        private long blocksLeft;
        private final byte[] sealed;
        private final byte[] plain;
        private int plainLength;
        private Cipher cipher;

        /**
         * @param blocks how many blocks to open, or {@code Long.MAX_VALUE} for all up to the object's end
         * @param lastBlock the number of the object's last block, or -1 if unknown
         */
        Opener(PushbackInputStream in, SecretKeySpec key, Header header, long firstBlock, long blocks,
               long lastBlock) {
            this.in = in;
            this.key = key;
            this.header = header;
            this.block = firstBlock;
            this.blocksLeft = blocks;
            this.lastBlock = lastBlock;
            this.sealed = new byte[header.blockSize + TAG_LENGTH];
            this.plain = new byte[header.blockSize];
        }

        @Override
        protected byte[] nextChunk() throws IOException {
            if (blocksLeft == 0) {
                return null;
            }
            int n = Streams.readFully(in, sealed, 0, sealed.length);
            if (n < TAG_LENGTH) {
                throw new IOException("encrypted object is truncated at block " + block);
            }
            boolean last;
            if (lastBlock >= 0) {
                last = block == lastBlock;
            } else if (n < sealed.length) {
                last = true;
            } else {
                int peek = in.read();
                last = peek < 0;
                if (!last) {
                    in.unread(peek);
                }
            }
            try {
                cipher = initCipher(cipher, Cipher.DECRYPT_MODE, key, header.prefix, block, last);
                plainLength = cipher.doFinal(sealed, 0, n, plain, 0);
            } catch (GeneralSecurityException e) {
                throw new IOException("encrypted block " + block + " failed authentication (wrong key or tampered data)");
            }
            block++;
            blocksLeft = last ? 0 : blocksLeft == Long.MAX_VALUE ? blocksLeft : blocksLeft - 1;
            return plain;
        }

        @Override
        protected int chunkLength(byte[] produced) {
            return plainLength;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
