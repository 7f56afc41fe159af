package io.xtremehub.omb.runner;

/**
 * The exactly-once check of a run: acknowledged messages, subscriptions per topic that should each
 * have received them all, how many acknowledged messages some subscription never got, and duplicates.
 */
public record DeliveryReport(long acknowledged, int subscriptions, long missing, long duplicates) {

    public boolean exactlyOnce() {
        return missing == 0 && duplicates == 0;
    }

    @Override
    public String toString() {
        return acknowledged + " acknowledged messages x " + subscriptions + " subscriptions each: " + missing
                + " missing, " + duplicates + " duplicates" + (exactlyOnce() ? " (exactly once)" : "");
    }
}
