package io.xtremehub.omb.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Writes and reads result files named as OMB names them: {@code {workload}-{driver}-{yyyy-MM-dd-HH-mm-ss}.json}. */
public final class ResultFiles {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultFiles() {
    }

    /** OMB's file name for a run that ends at {@code time}; characters unsafe in file names become '_'. */
    public static String fileName(String workload, String driver, LocalDateTime time) {
        return String.format("%s-%s-%s.json", safe(workload), safe(driver), STAMP.format(time));
    }

    private static String safe(String s) {
        return s.replaceAll("[/\\\\:*?\"<>|\\s]", "_");
    }

    /** Writes the result into {@code dir} and returns the file. */
    public static Path write(TestResult result, Path dir, LocalDateTime time) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(fileName(result.workload, result.driver, time));
        JSON.writeValue(file.toFile(), result);
        return file;
    }

    public static TestResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), TestResult.class);
    }
}
