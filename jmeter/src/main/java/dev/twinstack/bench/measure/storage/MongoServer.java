package dev.twinstack.bench.measure.storage;

/**
 * The MongoDB the apps stored into, as the report names it: what answered the
 * {@code buildInfo} command through the driver, at which address and in which database.
 *
 * @param server what the server is:
 * {@code mongo-java-server (embedded in mock-services)}, {@code MongoDB}, or a
 * MongoDB-compatible server whose {@code buildInfo} has no {@code gitVersion} (not a
 * {@code mongod})
 * @param version the version {@code buildInfo} reports, {@code null} when it failed
 * @param wireVersion the highest wire protocol version the server speaks (its
 * {@code hello} answer, as the driver saw it), {@code null} when unknown
 * @param address the connection string without credentials
 * @param database the database the apps store into and the bench counts in
 * @param owned whether the database is the bench's own (it drops its collection between
 * cells) rather than one the user named (it deletes only its own documents)
 */
public record MongoServer(String server, String version, Integer wireVersion, String address, String database,
		boolean owned) {

	/** How {@link #server()} names mock-services' embedded MongoDB. */
	public static final String EMBEDDED = "mongo-java-server (embedded in mock-services)";

	/**
	 * Describes the server for the report's settings table.
	 * @return e.g. {@code MongoDB 8.0.4 (wire version 25) at mongodb://127.0.0.1:27017,
	 * database twinstack_bench}
	 */
	public String describe() {
		StringBuilder text = new StringBuilder(this.server);
		if (this.version != null) {
			text.append(EMBEDDED.equals(this.server) ? " reporting version " : " ").append(this.version);
		}
		if (this.wireVersion != null) {
			text.append(" (wire version ").append(this.wireVersion).append(')');
		}
		text.append(" at ").append(this.address).append(", database ").append(this.database);
		if (!this.owned) {
			text.append(" (named by the user: the bench deleted only its own documents)");
		}
		return text.toString();
	}

}
