package io.xtremehub.faastream;

import java.util.List;

/**
 * What {@link Manager#resumeJobs()} found: the jobs it resumed, and a one-line reason for each job
 * it had to leave alone (its record is unreadable, from a newer version, or the job cannot restart).
 */
public record ResumedJobs(List<Job> resumed, List<String> skipped) {
    public ResumedJobs {
        resumed = List.copyOf(resumed);
        skipped = List.copyOf(skipped);
    }
}
