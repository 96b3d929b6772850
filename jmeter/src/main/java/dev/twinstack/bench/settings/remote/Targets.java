package dev.twinstack.bench.settings.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.mongodb.ConnectionString;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchConfigException;

/**
 * Where the apps and their MongoDB run when not the bench's own. With
 * {@code bench.targets} (and {@code bench.mongoUri}) the apps and mock-services already
 * run elsewhere, started by hand: the bench starts no app and no mocks, loads each target
 * in turn, reads its meters from its Actuator and counts what it stored in the given
 * MongoDB. With {@code bench.mongoUri} alone the bench starts its apps as usual and
 * points them at that MongoDB, in a database of its own. Nothing is sent to an address
 * the user did not name.
 *
 * @param apps each stack's target, in the given order; empty when the bench starts the
 * apps itself
 * @param mongoUri the MongoDB the apps store into, {@code null} for mock-services'
 * embedded one
 * @param mongoDatabase the database in it the apps store into and the bench counts in
 * ({@code null} with {@code mongoUri}); for the bench's own apps {@value #BENCH_DATABASE}
 * unless {@code bench.mongoDatabase} names another
 * @param stubs the base URLs of the stubs the stub latency probe measures
 * ({@code customers}, {@code slow}, from {@code bench.stubs}); empty when not probed
 */
public record Targets(Map<Stack, Target> apps, String mongoUri, String mongoDatabase, Map<String, URI> stubs) {

	/** The bench starts its own apps and mock-services, with its embedded MongoDB. */
	public static final Targets LOCAL = new Targets(Map.of(), null, null, Map.of());

	/**
	 * The database of a MongoDB given with {@code bench.mongoUri} that the bench's own
	 * apps write to: the bench's own, whose {@code profiles} collection it drops between
	 * cells.
	 */
	public static final String BENCH_DATABASE = "twinstack_bench";

	/** The database remote targets store into when {@code bench.mongoUri} names none. */
	public static final String TARGETS_DATABASE = "twinstack";

	/** The accepted values of {@code bench.mongoDatabase}. */
	public static final String DATABASE_FORM = "a MongoDB database name: 1 to 63 characters, none of /\\. \"$*<>:|? "
			+ "and not admin, local or config (MongoDB's own)";

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
	public static final String MONGO_FORM = "a MongoDB connection string, mongodb://host:port[/database][?options] or "
			+ "mongodb+srv://host[/database][?options] (e.g. mongodb://127.0.0.1:27017); the bench's own apps write to "
			+ "database " + BENCH_DATABASE + " (bench.mongoDatabase), remote targets to the one named, "
			+ TARGETS_DATABASE + " when none is";

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
	 * Tells whether the apps store into a MongoDB given with {@code bench.mongoUri}.
	 * @return {@code false} for mock-services' embedded MongoDB
	 */
	public boolean externalMongo() {
		return this.mongoUri != null;
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
	 * under {@code mongodb}, the probed stubs under {@code stubs}; empty when the bench
	 * starts the apps itself (a MongoDB of {@code bench.mongoUri} included)
	 */
	public Map<String, String> describe() {
		if (!remote()) {
			return Map.of();
		}
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
	public static Map<Stack, Target> parse(String value) {
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
	public static Map<String, URI> parseStubs(String value) {
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
	public static String parseMongoUri(String value) {
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

	/**
	 * Checks {@code bench.mongoDatabase} against MongoDB's naming rules.
	 * @param value the database name
	 * @return the value, or {@code null} when it is not accepted ({@link #DATABASE_FORM})
	 */
	public static String parseDatabase(String value) {
		boolean valid = value.length() < 64 && !value.matches(".*[/\\\\. \"$*<>:|?\\x00].*")
				&& !List.of("admin", "local", "config").contains(value);
		return valid ? value : null;
	}

	/**
	 * Decides the database the bench's own apps write to in the MongoDB of
	 * {@code bench.mongoUri}: its own, {@value #BENCH_DATABASE}, unless the user named
	 * another in {@code bench.mongoDatabase}. A database named only in the URI is
	 * refused: the bench empties what it writes between cells, and a URI copied from an
	 * app's configuration would point it at that app's data.
	 * @param mongoUri the connection string (already checked)
	 * @param chosen the value of {@code bench.mongoDatabase}, {@code null} when not set
	 * @return the database
	 * @throws BenchConfigException when the URI names another database than the one
	 * chosen
	 */
	public static String benchDatabase(String mongoUri, String chosen) {
		String named = new ConnectionString(mongoUri).getDatabase();
		String database = (chosen != null) ? chosen : BENCH_DATABASE;
		if (named == null || named.equals(database)) {
			return database;
		}
		String uri = withoutCredentials(mongoUri);
		if (chosen != null) {
			throw new BenchConfigException("bench.mongoUri names the database '" + named + "' but bench.mongoDatabase "
					+ "is '" + chosen + "': name the database once, in bench.mongoDatabase, and remove /" + named
					+ " from bench.mongoUri (keep it as ?authSource=" + named + " if your user is defined there); got '"
					+ uri + "'");
		}
		throw new BenchConfigException("bench.mongoUri names the database '" + named + "', but the bench's apps write "
				+ "only to a database of the bench's own, " + BENCH_DATABASE + " (it drops its profiles collection "
				+ "between cells): remove /" + named + " from bench.mongoUri (keep it as ?authSource=" + named
				+ " if your user is defined there), or set bench.mongoDatabase=" + named + " to let the bench write "
				+ "there (it then deletes only the documents it stored, never the collection); got '" + uri + "'");
	}

	/**
	 * Returns the database remote targets store into.
	 * @param mongoUri the connection string (already checked)
	 * @return the database it names, {@value #TARGETS_DATABASE} when none
	 */
	public static String targetsDatabase(String mongoUri) {
		String named = new ConnectionString(mongoUri).getDatabase();
		return (named != null) ? named : TARGETS_DATABASE;
	}

	/**
	 * Tells whether the bench drops its collection between cells: in mock-services'
	 * embedded MongoDB and in {@value #BENCH_DATABASE}; in a database the user named with
	 * {@code bench.mongoDatabase}, or the remote targets' database, it deletes only the
	 * documents it stored.
	 * @return {@code true} when the database is the bench's own
	 */
	public boolean ownsDatabase() {
		return !remote() && (!externalMongo() || BENCH_DATABASE.equals(this.mongoDatabase));
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
	public static String withoutCredentials(String uri) {
		return uri.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)[^@/]*@", "$1***@");
	}

	/**
	 * Lists the stacks that have a target.
	 * @return their ids, comma-separated
	 */
	public String stackIds() {
		return this.apps.keySet().stream().map(Stack::id).collect(Collectors.joining(","));
	}

}
