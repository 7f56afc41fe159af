package io.xtremehub.faastream.examples;

import io.xtremehub.faastream.Combiner;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.Serializers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * WordCount (reference 6.4.5): mappers split lines of the input objects into words and count them per
 * word themselves ({@link Combiner#counting()}); the partial counts are shuffled to reducers by
 * MurmurHash3 of the word, so each reducer adds up whole words; results are written as
 * {@code word count} lines into the output path. Combining on the map side shuffles one count per
 * distinct word and mapper instead of one event per word. Lines come from bucket objects or a stream.
 */
public final class WordCount {
    /** Compiled once: String.split compiles a pattern like this one on every call. */
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private WordCount() {
    }

    /** WordCount over the text lines of the objects under a bucket prefix. */
    public static Pipeline<String> pipeline(String bucket, String inputPrefix, String outputPath, int mappers,
                                            int reducers) {
        return pipeline(Pipeline.fromBucketFolder(bucket, inputPrefix, RecordFormat.lines(), Serializers.utf8()),
                bucket, outputPath, mappers, reducers);
    }

    /** WordCount over any source of text lines, e.g. a stream with one line per event. */
    public static Pipeline<String> pipeline(Pipeline<String> lines, String bucket, String outputPath, int mappers,
                                            int reducers) {
        return lines
                .flatMap(WordCount::words, Serializers.utf8()).parallelism(mappers).named("split")
                .reduce(word -> word, Combiner.counting(), WordCount::line, Serializers.utf8())
                .parallelism(reducers).named("count")
                .writeToBucket(bucket, outputPath);
    }

    /** Lower-case words of a line: runs of letters and digits. */
    public static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        for (String w : NON_WORD.split(line.toLowerCase(Locale.ROOT))) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    static String line(String word, long count) {
        return word + " " + count;
    }
}
