package dev.twinstack.bench.load.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.settings.remote.LoadEngines;

/**
 * How JMeter's remote engines and the bench talk: Java RMI over mutual TLS with one
 * keystore shared by the bench and every load agent (JMeter's {@code server.rmi.ssl.*}
 * properties, JMeter's own defaults for the alias and password), or plain RMI when asked
 * for explicitly. JMeter reads these properties once, when its {@code RmiUtils} class
 * loads (apache/jmeter#6248): they must be set before the first remote call of the JVM.
 *
 * @param keystore the keystore file (key and trusted certificate), {@code null} for plain
 * RMI
 */
public record RmiTransport(Path keystore) {

	/**
	 * The value of {@code bench.rmiKeystore} and {@code --insecure-rmi} for plain RMI.
	 */
	public static final String INSECURE = LoadEngines.INSECURE;

	/** JMeter's default keystore file name ({@code create-rmi-keystore.sh}). */
	public static final String DEFAULT_KEYSTORE = LoadEngines.DEFAULT_KEYSTORE;

	/** JMeter's default key alias ({@code server.rmi.ssl.keystore.alias}). */
	static final String ALIAS = "rmi";

	/** JMeter's default keystore password ({@code server.rmi.ssl.keystore.password}). */
	static final String PASSWORD = "changeit";

	/** Validity of a created key (days); JMeter's own script uses 7. */
	static final int VALIDITY_DAYS = 90;

	/**
	 * The warning printed whenever plain RMI is used.
	 */
	public static final String INSECURE_WARNING = "plain RMI without TLS: anyone who reaches the RMI ports can run "
			+ "code on the load agent; use it only on a trusted network";

	/**
	 * Returns plain RMI.
	 * @return the transport
	 */
	public static RmiTransport insecure() {
		return new RmiTransport(null);
	}

	/**
	 * Tells whether RMI runs over TLS.
	 * @return {@code false} for plain RMI
	 */
	public boolean secure() {
		return this.keystore != null;
	}

	/**
	 * Returns the JMeter properties that select this transport, on the bench's side and
	 * on the agents' alike.
	 * @return {@code server.rmi.ssl.*} properties
	 */
	public Map<String, String> jmeterProperties() {
		Map<String, String> properties = new LinkedHashMap<>();
		if (!secure()) {
			properties.put("server.rmi.ssl.disable", "true");
			return properties;
		}
		String file = this.keystore.toAbsolutePath().toString();
		properties.put("server.rmi.ssl.disable", "false");
		properties.put("server.rmi.ssl.keystore.file", file);
		properties.put("server.rmi.ssl.keystore.password", PASSWORD);
		properties.put("server.rmi.ssl.keystore.alias", ALIAS);
		properties.put("server.rmi.ssl.truststore.file", file);
		properties.put("server.rmi.ssl.truststore.password", PASSWORD);
		return properties;
	}

	/**
	 * Fails unless the keystore of a secure transport is a readable file.
	 * @throws BenchException naming the file and how to create it
	 */
	public void requireKeystore() {
		if (secure() && !Files.isReadable(this.keystore)) {
			throw new BenchException("No RMI keystore at " + this.keystore.toAbsolutePath()
					+ ": create it once with ./mvnw -q -pl jmeter -am package -DskipTests exec:exec@agent -Dagent.args=--create-keystore and "
					+ "copy the same file to the bench and every load agent (docs/distributed.md)");
		}
	}

	/**
	 * Creates a keystore with one RSA key and its self-signed certificate, as JMeter's
	 * {@code create-rmi-keystore.sh} does, with the {@code keytool} of the running JDK.
	 * @param file the keystore to create; must not exist
	 * @throws BenchException when the file exists or keytool fails
	 */
	public static void createKeystore(Path file) {
		if (Files.exists(file)) {
			throw new BenchException(file.toAbsolutePath() + " exists already: delete it first to create a new key "
					+ "(then copy the new file to the bench and every agent)");
		}
		Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
		List<String> command = List.of(keytool.toString(), "-genkeypair", "-keyalg", "RSA", "-keysize", "2048",
				"-alias", ALIAS, "-dname", "CN=twinstack load agent", "-validity", String.valueOf(VALIDITY_DAYS),
				"-keystore", file.toAbsolutePath().toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new BenchException("keytool could not create " + file + ": " + output.strip());
			}
		}
		catch (IOException ex) {
			throw new BenchException("Could not run " + keytool + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("Interrupted while creating " + file, ex);
		}
	}

}
