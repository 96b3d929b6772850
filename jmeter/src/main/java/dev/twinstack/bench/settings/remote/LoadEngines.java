package dev.twinstack.bench.settings.remote;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.SettingsParser;

/**
 * Where the measured load runs ({@code bench.engines}, {@code bench.rmiKeystore}): JMeter
 * in the bench's JVM (no engines), or JMeter's remote engines, load agents each running
 * the whole plan with its share of the threads or the rate.
 *
 * @param addresses the engines' RMI registries as {@code host:port}, in the given order;
 * empty for JMeter in the bench's JVM
 * @param keystore the RMI keystore shared with the agents, {@code null} for plain RMI
 * @param callbackPort the first of the TCP ports on the bench's machine that the engines
 * call back ({@code bench.rmiLocalPort}), 0 for ports RMI picks
 */
public record LoadEngines(List<String> addresses, Path keystore, int callbackPort) {

	/** JMeter in the bench's JVM. */
	public static final LoadEngines LOCAL = new LoadEngines(List.of(), null, 0);

	/**
	 * How many ports from {@code bench.rmiLocalPort} on JMeter's controller may open: "up
	 * to three ports beginning with" it (JMeter's {@code jmeter.properties}, on
	 * {@code client.rmi.localport}).
	 */
	public static final int CALLBACK_PORTS = 3;

	/** The lowest callback port: below it a port needs root. */
	static final int MIN_CALLBACK_PORT = 1024;

	/** The accepted form of {@code bench.rmiLocalPort}. */
	public static final String CALLBACK_PORT_FORM = "0 (ports RMI picks at random), or a port from " + MIN_CALLBACK_PORT
			+ " to " + (65535 - CALLBACK_PORTS + 1) + " (the bench listens on it and the next " + (CALLBACK_PORTS - 1)
			+ ")";

	/**
	 * The most engines: each one's number is one digit of the request ids (the apps
	 * accept at most 64 characters).
	 */
	public static final int MAX_ENGINES = 9;

	/** The accepted form of {@code bench.engines}. */
	public static final String FORM = "host:port[,host:port...] (e.g. 127.0.0.2:1099,127.0.0.3:1099), " + "at most "
			+ MAX_ENGINES + " distinct engines";

	/** The value of {@code bench.rmiKeystore} for plain RMI. */
	public static final String INSECURE = "insecure";

	/** JMeter's default keystore file name ({@code create-rmi-keystore.sh}). */
	public static final String DEFAULT_KEYSTORE = "rmi_keystore.jks";

	private static final Pattern ENTRY = Pattern.compile("([A-Za-z0-9][A-Za-z0-9.-]*):(\\d{1,5})");

	/**
	 * Tells whether the load runs on remote engines.
	 * @return {@code true} with at least one engine
	 */
	public boolean remote() {
		return !this.addresses.isEmpty();
	}

	/**
	 * Returns how many JMeter instances share each run.
	 * @return the engines, 1 for JMeter in the bench's JVM
	 */
	public int count() {
		return remote() ? this.addresses.size() : 1;
	}

	/**
	 * Parses {@code bench.engines}.
	 * @param value e.g. {@code 127.0.0.2:1099,127.0.0.3:1099}, or {@code none}
	 * @return the addresses, in order; empty for {@code none}
	 * @throws BenchConfigException naming the malformed entry and the accepted form
	 */
	public static List<String> parse(String value) {
		if (value.equals("none")) {
			return List.of();
		}
		List<String> addresses = new ArrayList<>();
		for (String part : value.split(",", -1)) {
			String entry = part.trim();
			Matcher matcher = ENTRY.matcher(entry);
			int port = matcher.matches() ? Integer.parseInt(matcher.group(2)) : 0;
			if (port < 1 || port > 65535) {
				throw new BenchConfigException("bench.engines: '" + entry + "' is not host:port with a port from 1 to "
						+ "65535; bench.engines must be " + FORM + ", got '" + value + "'");
			}
			if (addresses.contains(entry)) {
				throw new BenchConfigException("bench.engines: '" + entry + "' is named twice; bench.engines must be "
						+ FORM + ", got '" + value + "'");
			}
			addresses.add(entry);
		}
		if (addresses.size() > MAX_ENGINES) {
			throw BenchConfigException.invalid("bench.engines", value, FORM);
		}
		return List.copyOf(addresses);
	}

	/**
	 * Parses {@code bench.rmiLocalPort}.
	 * @param value {@code 0}, or a port from 1024 to 65533
	 * @return the port, 0 for ports RMI picks; {@code null} when the value is neither
	 */
	public static Integer callbackPort(String value) {
		if (!value.matches("\\d{1,5}")) {
			return null;
		}
		int port = Integer.parseInt(value);
		boolean fits = port == 0 || (port >= MIN_CALLBACK_PORT && port <= 65535 - CALLBACK_PORTS + 1);
		return fits ? port : null;
	}

	/**
	 * Parses {@code bench.rmiKeystore}.
	 * @param value a keystore file, or {@link #INSECURE}
	 * @return the file, empty for plain RMI; {@code null} when the value is no path
	 */
	public static Optional<Path> keystore(String value) {
		if (value.equals(INSECURE)) {
			return Optional.empty();
		}
		Path path = SettingsParser.path(value);
		return (path != null) ? Optional.of(path) : null;
	}

	/**
	 * Fails when a closed or count level cannot be divided evenly among the engines: each
	 * engine runs the whole plan with its share of the threads.
	 * @param concurrency the matrix's concurrency levels of the closed and count models
	 * @throws BenchConfigException naming the level and what would divide
	 */
	public void requireDivisible(List<Integer> concurrency) {
		int engines = count();
		for (int level : concurrency) {
			if (level % engines != 0) {
				throw new BenchConfigException(
						"bench.engines: concurrency " + level + " cannot be divided evenly among " + engines
								+ " engines (each runs the whole plan with its share of the threads): use "
								+ "multiples of " + engines + " in bench.concurrency, or "
								+ ((level < engines) ? "fewer engines than clients" : "another number of engines"));
			}
		}
	}

}
