package io.xtremehub.benchmarks.latency;

/** One line of the budget: a layer, the rate it was driven at, and its latencies. */
record BudgetRow(String layer, int eventsPerSecond, LatencySummary latency) {
}
