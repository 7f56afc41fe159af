package io.xtremehub.faastream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;

/**
 * How bucket objects map to events: the whole object as one event, one event per line, or
 * fixed-length records (e.g. TeraSort's 100 bytes). Used both to read sources and to write
 * {@link Pipeline#writeToBucket} output.
 */
public abstract class RecordFormat implements Serializable {
    RecordFormat() {
    }

    /** The whole object is one event; the bucket sink writes one object per event. */
    public static RecordFormat whole() {
        return new Whole();
    }

    /** One event per {@code \n}-terminated line (the terminator is not part of the event). */
    public static RecordFormat lines() {
        return new Lines();
    }

    /** Records of exactly {@code size} bytes; a trailing partial record is an error. */
    public static RecordFormat fixed(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("record size must be at least 1, got " + size);
        }
        return new Fixed(size);
    }

    /** Reads the next record, or null at the end of the stream. */
    public abstract byte[] next(InputStream in) throws IOException;

    /** Appends one record to an object being written. */
    public abstract void frame(byte[] record, ByteArrayOutputStream out);

    /** Whether each record must become its own object. */
    public boolean objectPerRecord() {
        return false;
    }

    /** The record length for fixed formats, else 0; lets sources split objects into byte ranges. */
    public int fixedSize() {
        return 0;
    }

    private static final class Whole extends RecordFormat {
        @Override
        public byte[] next(InputStream in) throws IOException {
            byte[] all = in.readAllBytes();
            return all.length == 0 ? null : all;
        }

        @Override
        public void frame(byte[] record, ByteArrayOutputStream out) {
            out.writeBytes(record);
        }

        @Override
        public boolean objectPerRecord() {
            return true;
        }

        @Override public String toString() { return "whole"; }
    }

    private static final class Lines extends RecordFormat {
        @Override
        public byte[] next(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            boolean any = false;
            while ((b = in.read()) != -1) {
                any = true;
                if (b == '\n') {
                    return line.toByteArray();
                }
                line.write(b);
            }
            return any ? line.toByteArray() : null;
        }

        @Override
        public void frame(byte[] record, ByteArrayOutputStream out) {
            out.writeBytes(record);
            out.write('\n');
        }

        @Override public String toString() { return "lines"; }
    }

    private static final class Fixed extends RecordFormat {
        private final int size;

        Fixed(int size) {
            this.size = size;
        }

        @Override
        public byte[] next(InputStream in) throws IOException {
            byte[] rec = in.readNBytes(size);
            if (rec.length == 0) {
                return null;
            }
            if (rec.length < size) {
                throw new IOException("trailing partial record of " + rec.length + " bytes; records are "
                        + size + " bytes");
            }
            return rec;
        }

        @Override
        public void frame(byte[] record, ByteArrayOutputStream out) {
            if (record.length == 0 || record.length % size != 0) {
                throw new IllegalArgumentException("result of " + record.length + " bytes in a fixed "
                        + size + "-byte format (must be a whole number of records)");
            }
            out.writeBytes(record);
        }

        @Override
        public int fixedSize() {
            return size;
        }

        @Override public String toString() { return "fixed(" + size + ")"; }
    }
}
