package io.xtremehub.omb.runner;

import io.xtremehub.omb.result.TestResult;

/** What a run produced: the OMB result and the exactly-once check of its messages. */
public record RunOutcome(TestResult result, DeliveryReport delivery) {
}
