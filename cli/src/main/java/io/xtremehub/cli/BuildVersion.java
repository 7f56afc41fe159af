package io.xtremehub.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code xtremehub --version}: the project version Maven wrote into {@code version.properties} at build time. */
final class BuildVersion implements IVersionProvider {
    static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is missing from the xtremehub-cli jar; rebuild it with Maven");
            }
            p.load(in);
        }
        return new String[] {"xtremehub " + p.getProperty("version"),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
