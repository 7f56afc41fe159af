package io.xtremehub.nexus.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates labelled application log lines, deterministically from a seed. Labels:
 * <ul>
 *   <li>{@value #NORMAL}: everyday INFO/DEBUG/WARN traffic (requests served, events accepted, jobs
 *       done), including benign lines about logins and passwords so that a word alone does not decide;</li>
 *   <li>{@value #AUTH}: security-relevant authentication and authorization failures (failed passwords,
 *       rejected tokens, 401/403 answers, locked accounts);</li>
 *   <li>{@value #ERROR}: error reports and the lines of their Java stack traces;</li>
 *   <li>{@value #PII}: lines carrying personal data (card numbers, e-mail addresses, phone numbers,
 *       national id numbers, postal addresses).</li>
 * </ul>
 * Variable fields (user names, services, hosts, exception classes, domains...) come from pools split
 * in two disjoint halves, {@link Vocabulary#TRAINING} and {@link Vocabulary#HELD_OUT}, so a model
 * evaluated on held-out lines is judged on names it never saw.
 */
public final class LogLineGenerator {
    /** Everyday traffic. */
    public static final String NORMAL = "normal";
    /** Authentication and authorization failures. */
    public static final String AUTH = "auth";
    /** Errors and stack traces. */
    public static final String ERROR = "error";
    /** Personal data. */
    public static final String PII = "pii";
    /** Every label, in the order models report them. */
    public static final List<String> LABELS = List.of(NORMAL, AUTH, ERROR, PII);

    /** Which half of the variable-field pools lines draw from. */
    public enum Vocabulary {
        /** Names a model is trained on. */
        TRAINING,
        /** The other names, to evaluate a model on lines it could not have memorized. */
        HELD_OUT
    }

    private static final String[] USERS = {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
        "ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter",
        "xena", "yusuf", "zoe", "svc-backup", "admin", "deploy", "root", "jenkins", "etl-runner"};
    private static final String[] SERVICES = {"orders", "billing", "catalog", "gateway", "inventory", "search",
        "payments", "shipping", "accounts", "ledger", "pricing", "reviews", "ingest", "notifier", "reports",
        "scheduler"};
    private static final String[] COMPONENTS = {"RequestHandler", "OrderService", "KafkaConsumer", "CacheLoader",
        "BatchWriter", "HttpClient", "SessionStore", "QueryPlanner", "EventRouter", "RetryPolicy", "Compactor",
        "IndexBuilder"};
    private static final String[] PATHS = {"/api/v1/orders", "/api/v1/cart", "/api/v2/items", "/health",
        "/api/v1/users/profile", "/api/v2/search", "/metrics", "/api/v1/invoices", "/api/v1/checkout",
        "/api/v2/recommendations", "/static/app.js", "/api/v1/returns"};
    private static final String[] WORDS = {"eu-west", "us-east", "blue", "green", "nightly", "hourly", "alpha",
        "beta", "primary", "replica", "hot", "cold", "north", "south", "canary", "stable"};
    private static final String[] EXCEPTIONS = {"NullPointerException", "IllegalStateException",
        "IllegalArgumentException", "IOException", "TimeoutException", "SQLException",
        "ConcurrentModificationException", "ArrayIndexOutOfBoundsException", "UncheckedIOException",
        "ClassCastException", "SocketException", "NumberFormatException"};
    private static final String[] PACKAGES = {"com.acme.orders", "com.acme.billing.core", "org.example.ingest",
        "io.shop.gateway", "com.acme.search.index", "org.example.ledger.db", "io.shop.catalog.cache",
        "com.acme.notify.mail"};
    private static final String[] METHODS = {"process", "handle", "load", "flush", "apply", "run", "call",
        "resolve", "commit", "parse", "lookup", "write"};
    private static final String[] FAILURES = {"connection reset", "value was null", "timed out after 30000 ms",
        "index 7 out of bounds for length 7", "unexpected end of input", "deadlock detected",
        "pool exhausted", "cannot parse amount"};
    private static final String[] FIRST_NAMES = {"Maria", "James", "Sofia", "Liam", "Chen", "Amara", "Lukas",
        "Priya", "Mateo", "Yuki", "Fatima", "Noah", "Ingrid", "Omar", "Elena", "Kofi"};
    private static final String[] LAST_NAMES = {"Garcia", "Smith", "Rossi", "Murphy", "Wang", "Okafor", "Muller",
        "Sharma", "Lopez", "Tanaka", "Haddad", "Brown", "Larsen", "Farouk", "Petrova", "Mensah"};
    private static final String[] DOMAINS = {"example.com", "mail.example.org", "corp.example.net",
        "example.co.uk", "inbox.example.io", "example.de"};
    private static final String[] STREETS = {"Oak", "Maple", "Cedar", "Elm", "Pine", "Birch", "Willow", "Main",
        "High", "Park", "Lake", "Hill"};
    private static final String[] CITIES = {"Springfield", "Riverton", "Lakeside", "Fairview", "Georgetown",
        "Ashland", "Milton", "Clinton"};
    private static final String[] PERMISSIONS = {"orders:write", "billing:read", "admin:all", "reports:export",
        "users:delete", "keys:rotate"};

    private final Random random;
    private final int half;

    /**
     * @param seed fixes the lines generated
     * @param vocabulary which half of the name pools to draw from
     */
    public LogLineGenerator(long seed, Vocabulary vocabulary) {
        this.random = new Random(seed);
        this.half = vocabulary == Vocabulary.TRAINING ? 0 : 1;
    }

    /** {@code n} lines: 70% normal, 10% each of auth, error and pii. */
    public List<LabelledLine> lines(int n) {
        List<LabelledLine> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int roll = random.nextInt(10);
            out.add(next(roll < 7 ? NORMAL : roll == 7 ? AUTH : roll == 8 ? ERROR : PII));
        }
        return out;
    }

    /** One line with the given label. */
    public LabelledLine next(String label) {
        String text = switch (label) {
            case NORMAL -> normal();
            case AUTH -> auth();
            case ERROR -> error();
            case PII -> pii();
            default -> throw new IllegalArgumentException("unknown label '" + label + "'; known: " + LABELS);
        };
        return new LabelledLine(text, label);
    }

    private String normal() {
        return switch (random.nextInt(10)) {
            case 0 -> head("INFO") + svc() + " - " + pick(new String[] {"GET", "POST", "PUT"}) + " " + pick(PATHS)
                    + " completed status=200 in " + random.nextInt(900) + "ms";
            case 1 -> head("INFO") + "segment-" + random.nextInt(1000) + " offset=" + (random.nextLong() & 0xffffff)
                    + " event accepted";
            case 2 -> head("DEBUG") + svc() + " - cache hit ratio=0." + random.nextInt(100) + " for region "
                    + pick(WORDS);
            case 3 -> head("INFO") + "user " + pick(USERS) + " logged in successfully from " + ip();
            case 4 -> head("WARN") + svc() + " - slow consumer group " + pick(WORDS) + "-" + pick(SERVICES)
                    + " lag=" + random.nextInt(50_000);
            case 5 -> head("INFO") + "scheduled job " + pick(WORDS) + "-" + pick(SERVICES) + " finished, "
                    + random.nextInt(100_000) + " rows written";
            case 6 -> head("INFO") + "password policy refreshed for tenant " + pick(WORDS) + ", "
                    + random.nextInt(40) + " rules";
            case 7 -> head("INFO") + svc() + " - order " + (100_000 + random.nextInt(900_000)) + " shipped via "
                    + pick(WORDS) + " warehouse";
            case 8 -> head("DEBUG") + svc() + " - retrying " + pick(METHODS) + " attempt " + (1 + random.nextInt(3))
                    + " of 5";
            default -> head("INFO") + "session refreshed for " + pick(USERS) + " token ttl=" + random.nextInt(3600)
                    + "s";
        };
    }

    private String auth() {
        return switch (random.nextInt(6)) {
            case 0 -> head("WARN") + "sshd[" + random.nextInt(65_000) + "]: Failed password for "
                    + (random.nextBoolean() ? "invalid user " : "") + pick(USERS) + " from " + ip() + " port "
                    + (1024 + random.nextInt(60_000)) + " ssh2";
            case 1 -> head("ERROR") + "auth.TokenFilter - rejected request " + pick(PATHS)
                    + ": invalid or expired token for client " + pick(SERVICES);
            case 2 -> head("WARN") + "http - 401 Unauthorized " + pick(new String[] {"GET", "POST"}) + " "
                    + pick(PATHS) + " from " + ip();
            case 3 -> head("WARN") + "login failed for user " + pick(USERS) + ": account locked after "
                    + (3 + random.nextInt(8)) + " attempts";
            case 4 -> head("ERROR") + "access denied: user " + pick(USERS) + " lacks permission "
                    + pick(PERMISSIONS) + " on " + pick(PATHS);
            default -> head("WARN") + "http - 403 Forbidden " + pick(PATHS) + " for " + pick(USERS)
                    + ": signature mismatch";
        };
    }

    private String error() {
        String exception = pick(EXCEPTIONS);
        return switch (random.nextInt(5)) {
            case 0 -> head("ERROR") + svc() + " - unexpected failure in " + pick(METHODS) + " " + pick(PATHS);
            case 1 -> "java.lang." + exception + ": " + pick(FAILURES);
            case 2, 3 -> {
                String cls = pick(COMPONENTS);
                yield "\tat " + pick(PACKAGES) + "." + cls + "." + pick(METHODS) + "(" + cls + ".java:"
                        + (10 + random.nextInt(900)) + ")";
            }
            default -> random.nextBoolean() ? "Caused by: " + pick(PACKAGES) + "." + exception + ": " + pick(FAILURES)
                    : "\t... " + (3 + random.nextInt(60)) + " more";
        };
    }

    private String pii() {
        String first = pick(FIRST_NAMES);
        String last = pick(LAST_NAMES);
        return switch (random.nextInt(5)) {
            case 0 -> head("INFO") + "billing - charged card " + card() + " for order "
                    + (100_000 + random.nextInt(900_000));
            case 1 -> head("DEBUG") + "signup payload email=" + email(first, last) + " phone=" + phone();
            case 2 -> head("INFO") + "customer " + first + " " + last + " ssn=" + digits(3) + "-" + digits(2) + "-"
                    + digits(4) + " verified";
            case 3 -> head("INFO") + "shipping to " + (1 + random.nextInt(999)) + " " + pick(STREETS) + " St, "
                    + pick(CITIES) + ", contact " + email(first, last);
            default -> head("DEBUG") + svc() + " - profile update name=\"" + first + " " + last + "\" phone="
                    + phone() + " dob=19" + (50 + random.nextInt(50)) + "-0" + (1 + random.nextInt(9)) + "-1"
                    + random.nextInt(10);
        };
    }

    private String head(String level) {
        return "2026-" + two(1 + random.nextInt(12)) + "-" + two(1 + random.nextInt(28)) + " " + two(random.nextInt(24))
                + ":" + two(random.nextInt(60)) + ":" + two(random.nextInt(60)) + "." + digits(3) + " " + level
                + " [" + pick(new String[] {"main", "worker", "io", "pool"}) + "-" + random.nextInt(16) + "] ";
    }

    private String svc() {
        return pick(SERVICES) + "." + pick(COMPONENTS);
    }

    private String ip() {
        return "10." + random.nextInt(256) + "." + random.nextInt(256) + "." + random.nextInt(256);
    }

    private String card() {
        return (random.nextBoolean() ? "4" : "5") + digits(3) + "-" + digits(4) + "-" + digits(4) + "-" + digits(4);
    }

    private String phone() {
        return "+" + (1 + random.nextInt(49)) + "-" + digits(3) + "-" + digits(3) + "-" + digits(4);
    }

    private String email(String first, String last) {
        return first.toLowerCase(java.util.Locale.ROOT) + "." + last.toLowerCase(java.util.Locale.ROOT)
                + (random.nextBoolean() ? "" : Integer.toString(random.nextInt(100))) + "@" + pick(DOMAINS);
    }

    private String digits(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + random.nextInt(10)));
        }
        return sb.toString();
    }

    private static String two(int v) {
        return v < 10 ? "0" + v : Integer.toString(v);
    }

    /** An element of this generator's half of the pool. */
    private String pick(String[] pool) {
        int halves = (pool.length + 1 - half) / 2;
        return pool[2 * random.nextInt(halves) + half];
    }
}
