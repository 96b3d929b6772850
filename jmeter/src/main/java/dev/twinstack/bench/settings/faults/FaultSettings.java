package dev.twinstack.bench.settings.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.BenchProfile;
import dev.twinstack.bench.settings.SettingsTable;

/**
 * What the {@code faults} scenario runs ({@code -Dbench.scenarios=faults}): per stack,
 * each service × fault × share of requests, under a short closed load of {@code POST
 * /profiles/{random id}?fanout=sequential}.
 *
 * @param stacks the stacks, in order
 * @param services the downstream services faulted, one at a time
 * @param faults the faults applied
 * @param shares the shares of requests hit (%): 10 (ids ending in 7) and/or 100
 * @param concurrency JMeter threads of each run
 * @param duration hold time of each run, after a 1 s ramp-up
 * @param clientTimeout {@code app.downstream.timeout} the apps run with; the delay fault
 * waits 1 s longer
 * @param databaseOutage whether each stack also gets a MongoDB outage under load
 * ({@link dev.twinstack.bench.faults.DatabaseOutage})
 */
public record FaultSettings(List<Stack> stacks, List<DownstreamService> services, List<Fault> faults,
		List<Integer> shares, int concurrency, Duration duration, Duration clientTimeout, boolean databaseOutage) {

	/** Accepted shares of requests hit by a fault (%). */
	public static final List<Integer> SHARES = List.of(10, 100);

	/** The apps' own default downstream timeout, passed to them explicitly. */
	public static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(2);

	/**
	 * One run: a fault applied to a share of one service's calls.
	 *
	 * @param service the service
	 * @param fault the fault
	 * @param share the share of requests hit (%)
	 */
	public record Case(DownstreamService service, Fault fault, int share) {

		/**
		 * Returns the run's name in folders and request ids.
		 * @return e.g. {@code orders-delay-10}
		 */
		public String id() {
			return this.service.id() + "-" + this.fault.id() + "-" + this.share;
		}

	}

	/**
	 * Reads the {@code bench.fault*} properties.
	 * @param get the property lookup (blank values are {@code null})
	 * @param profile the profile whose defaults apply
	 * @param stacks the stacks to run
	 * @param externalMongo whether the apps store into a MongoDB of
	 * {@code bench.mongoUri}: the bench cannot stop it, so the database outage is left
	 * out, and asking for it is an error
	 * @return the settings
	 * @throws BenchConfigException when a value is not accepted
	 */
	public static FaultSettings from(Function<String, String> get, BenchProfile profile, List<Stack> stacks,
			boolean externalMongo) {
		Optional<Boolean> outage = SettingsTable.FAULT_DATABASE_OUTAGE.read(get);
		if (externalMongo && outage.orElse(false)) {
			throw new BenchConfigException("bench.faultDatabaseOutage=true stops mock-services' embedded MongoDB under "
					+ "load, but the apps store into the MongoDB of bench.mongoUri, which the bench cannot stop: remove "
					+ "bench.faultDatabaseOutage (or set it to false), or remove bench.mongoUri");
		}
		return new FaultSettings(stacks, SettingsTable.FAULT_SERVICES.read(get, profile),
				SettingsTable.FAULT_KINDS.read(get, profile), SettingsTable.FAULT_SHARES.read(get, profile),
				SettingsTable.FAULT_CONCURRENCY.read(get, profile), SettingsTable.FAULT_DURATION.read(get, profile),
				CLIENT_TIMEOUT,
				!externalMongo && outage.orElse(SettingsTable.FAULT_DATABASE_OUTAGE.defaultValue(profile)));
	}

	/** A share of {@link #SHARES}, {@code null} for any other text. */
	public static Integer share(String value) {
		return SHARES.stream().filter((share) -> String.valueOf(share).equals(value)).findFirst().orElse(null);
	}

	/**
	 * Returns the runs of one stack: per service, per fault, first the 10 % share then
	 * the 100 % one.
	 * @return the cases, in run order
	 */
	public List<Case> cases() {
		List<Case> cases = new ArrayList<>();
		for (DownstreamService service : this.services) {
			for (Fault fault : this.faults) {
				this.shares.stream().sorted().forEach((share) -> cases.add(new Case(service, fault, share)));
			}
		}
		return cases;
	}

}
