package dev.twinstack.bench.settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.mongodb.ConnectionString;
import dev.twinstack.bench.matrix.Stack;

/**
 * Apps and mock-services that already run elsewhere, started by hand
 * ({@code bench.targets}, {@code bench.mongoUri}): the bench starts no app and no mocks,
 * loads each target in turn, reads its meters from its Actuator and counts what it stored
 * in the given MongoDB. Nothing is sent to an address the user did not name.
 *
 * @param apps each stack's target, in the given order; empty when the bench starts the
 * apps itself
 * @param mongoUri the MongoDB the targets store into, {@code null} when the bench starts
 * mock-services itself
 * @param stubs the base URLs of the stubs the stub latency probe measures
 * ({@code customers}, {@code slow}, from {@code bench.stubs}); empty when not probed
 */
public record Targets(Map<Stack, Target> apps, String mongoUri, Map<String, URI> stubs) {

	/** The bench starts its own apps and mock-services. */
	public static final Targets LOCAL = new Targets(Map.of(), null, Map.of());

	/** The stubs {@code bench.stubs} may name. */
	public static final List<String> STUBS = List.of("customers", "slow");

	/** The accepted form of {@code bench.stubs}. */
	public static final String STUBS_FORM = "customers=http://host:port[,slow=http://host:port] (mock-services' "
			+ "customers and slow services, e.g. customers=http://127.0.0.3:9081,slow=http://127.0.0.3:9084)";

	/** The accepted form of {@code bench.targets}. */
	public static final String FORM = "stack=http://host:port[;management=http://host:port][,...] with stack one of "
			+ Stack.ids() + ", each stack at most once (e.g. mvc=http://127.0.0.2:8080,"
			+ "webflux=http://127.0.0.2:8081;management=http://127.0.0.2:9081)";

	/** The accepted form of {@code bench.mongoUri}. */
	public static final String MONGO_FORM = "a MongoDB connection string, mongodb://host:port[/database] or "
			+ "mongodb+srv://host[/database] (e.g. mongodb://127.0.0.3:27018/twinstack; database twinstack when "
			+ "none is named)";

	/**
	 * One app started by hand.
	 *
	 * @param base the URI the load is sent to, e.g. {@code http://127.0.0.2:8081}
	 * @param management the URI its Actuator answers under ({@code /actuator/…}): the
	 * given {@code management=}, else {@code base} (the apps' default: no
	 * {@code management.server.port})
	 */
	public record Target(URI base, URI management) {

		/**
		 * Returns the base URI of the app's Actuator, with a trailing slash.
		 * @return e.g. {@code http://127.0.0.2:9081/actuator/}
		 */
		public URI actuatorUri() {
			return URI.create(this.management.toString().replaceAll("/+$", "") + "/actuator/");
		}

		/**
		 * Describes the target for the report.
		 * @return e.g. {@code http://127.0.0.2:8081 (Actuator on http://127.0.0.2:9081)}
		 */
		public String describe() {
			return this.base + (this.management.equals(this.base) ? "" : " (Actuator on " + this.management + ")");
		}

	}

	/**
	 * Tells whether the apps run elsewhere.
	 * @return {@code true} with at least one target
	 */
	public boolean remote() {
		return !this.apps.isEmpty();
	}

	/**
	 * Returns the target of a stack.
	 * @param stack the stack
	 * @return its target
	 * @throws IllegalArgumentException when the stack has none
	 */
	public Target of(Stack stack) {
		Target target = this.apps.get(stack);
		if (target == null) {
			throw new IllegalArgumentException("no target for " + stack.id());
		}
		return target;
	}

	/**
	 * Describes every target and the MongoDB, without credentials.
	 * @return by stack id, e.g. {@code webflux → http://127.0.0.2:8081}; the database
	 * under {@code mongodb}, the probed stubs under {@code stubs}
	 */
	public Map<String, String> describe() {
		Map<String, String> described = new LinkedHashMap<>();
		this.apps.forEach((stack, target) -> described.put(stack.id(), target.describe()));
		if (this.mongoUri != null) {
			described.put("mongodb", withoutCredentials(this.mongoUri));
		}
		if (!this.stubs.isEmpty()) {
			described.put("stubs",
					this.stubs.entrySet()
						.stream()
						.map((stub) -> stub.getKey() + "=" + stub.getValue())
						.sorted()
						.collect(Collectors.joining(",")));
		}
		return described;
	}

	/**
	 * Parses {@code bench.targets}.
	 * @param value e.g. {@code mvc=http://127.0.0.2:8080,webflux=http://127.0.0.2:8081},
	 * or {@code none}
	 * @return each stack's target, in the given order; empty for {@code none}
	 * @throws BenchConfigException naming the malformed entry and the accepted form
	 */
	static Map<Stack, Target> parse(String value) {
		if (value.equals("none")) {
			return Map.of();
		}
		Map<Stack, Target> targets = new LinkedHashMap<>();
		for (String part : value.split(",", -1)) {
			String entry = part.trim();
			int equals = entry.indexOf('=');
			Stack stack = (equals > 0) ? stack(entry.substring(0, equals).trim()) : null;
			if (stack == null) {
				throw error("'" + entry + "' does not start with a stack and '='", value);
			}
			if (targets.containsKey(stack)) {
				throw error(stack.id() + " is named twice", value);
			}
			String[] uris = entry.substring(equals + 1).split(";", -1);
			URI base = uri(uris[0].trim(), entry, value);
			URI management = base;
			if (uris.length == 2 && uris[1].trim().startsWith("management=")) {
				management = uri(uris[1].trim().substring("management=".length()), entry, value);
			}
			else if (uris.length > 1) {
				throw error("'" + entry + "' has more than one ';', or something else than management= after it",
						value);
			}
			targets.put(stack, new Target(base, management));
		}
		return targets;
	}

	/**
	 * Parses {@code bench.stubs}.
	 * @param value e.g.
	 * {@code customers=http://127.0.0.3:9081,slow=http://127.0.0.3:9084}
	 * @return each stub's base URL
	 * @throws BenchConfigException naming the malformed entry and the accepted form
	 */
	static Map<String, URI> parseStubs(String value) {
		Map<String, URI> stubs = new LinkedHashMap<>();
		for (String part : value.split(",", -1)) {
			String entry = part.trim();
			int equals = entry.indexOf('=');
			String name = (equals > 0) ? entry.substring(0, equals).trim() : "";
			if (!STUBS.contains(name) || stubs.containsKey(name)) {
				throw new BenchConfigException(
						"bench.stubs: '" + entry + "' does not start with " + String.join("= or ", STUBS)
								+ "= (each at most once); bench.stubs must be " + STUBS_FORM + ", got '" + value + "'");
			}
			String url = entry.substring(equals + 1).trim();
			if (!url.matches("(?i)https?://[^/?#@]+/?")) {
				throw new BenchConfigException("bench.stubs: '" + url + "' in '" + entry + "' is not "
						+ "http://host:port; bench.stubs must be " + STUBS_FORM + ", got '" + value + "'");
			}
			stubs.put(name, URI.create(url.replaceAll("/$", "")));
		}
		return stubs;
	}

	/**
	 * Checks {@code bench.mongoUri} with the MongoDB driver's own parser.
	 * @param value the connection string
	 * @return the value
	 * @throws BenchConfigException naming the problem and the accepted form
	 */
	static String parseMongoUri(String value) {
		try {
			new ConnectionString(value);
			return value;
		}
		catch (IllegalArgumentException ex) {
			String problem = String.valueOf(ex.getMessage()).replace(value, withoutCredentials(value));
			throw new BenchConfigException("bench.mongoUri: " + problem + "; bench.mongoUri must be " + MONGO_FORM
					+ ", got '" + withoutCredentials(value) + "'");
		}
	}

	private static Stack stack(String id) {
		return Stack.ids().contains(id) ? Stack.byId(id) : null;
	}

	private static URI uri(String text, String entry, String value) {
		if (!text.matches("(?i)https?://.+")) {
			throw error("'" + text + "' in '" + entry + "' is not http:// or https:// with a host", value);
		}
		URI uri;
		try {
			uri = new URI(text);
		}
		catch (URISyntaxException ex) {
			throw error("'" + text + "' in '" + entry + "' is no URI (" + ex.getReason() + ")", value);
		}
		if (!List.of("http", "https").contains(String.valueOf(uri.getScheme())) || uri.getHost() == null) {
			throw error("'" + text + "' in '" + entry + "' is not http:// or https:// with a host", value);
		}
		if (uri.getUserInfo() != null || uri.getQuery() != null || uri.getFragment() != null
				|| !(uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/"))) {
			throw error("'" + text + "' in '" + entry + "' must be scheme://host:port only, without a path, query "
					+ "or credentials", value);
		}
		return URI.create(uri.getScheme() + "://" + uri.getRawAuthority());
	}

	private static BenchConfigException error(String problem, String value) {
		return new BenchConfigException(
				"bench.targets: " + problem + "; bench.targets must be " + FORM + ", got '" + value + "'");
	}

	/**
	 * Returns a connection string without its user name and password.
	 * @param uri a MongoDB connection string
	 * @return e.g. {@code mongodb://***@db:27017/twinstack} for one with credentials
	 */
	static String withoutCredentials(String uri) {
		return uri.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)[^@/]*@", "$1***@");
	}

	/**
	 * Lists the stacks that have a target.
	 * @return their ids, comma-separated
	 */
	String stackIds() {
		return this.apps.keySet().stream().map(Stack::id).collect(Collectors.joining(","));
	}

}
