package io.xtremehub.nexus.classify;

import java.util.Objects;

/**
 * A log line and its label, for training and evaluation.
 *
 * @param line the text of the line
 * @param label its label
 */
public record LabelledLine(String line, String label) {
    /** Validates the fields. */
    public LabelledLine {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(label, "label");
    }
}
