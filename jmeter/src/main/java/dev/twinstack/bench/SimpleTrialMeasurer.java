package dev.twinstack.bench;

import java.time.Duration;
import java.time.Instant;

import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.stats.StatsSummary;

/**
 * Measures a trial with what JMeter's own statistics give (no p99.9, no CPU shares, no
 * heap or thread samples): the stub latency probe runs next to the load, the app's health
 * is judged after it, and composite trials count what was stored.
 */
final class SimpleTrialMeasurer implements MatrixRunner.TrialMeasurer {

	static final Duration PROBE_INTERVAL = Duration.ofMillis(250);

	private final BenchSettings settings;

	private final ProfileStore store;

	SimpleTrialMeasurer(BenchSettings settings, ProfileStore store) {
		this.settings = settings;
		this.store = store;
	}

	@Override
	public TrialFigures measure(MatrixRunner.Trial trial) {
		Workload workload = trial.cell().workload();
		StubLatencyProbe probe = probe(workload, trial.mocks());
		trial.session().beginTrial();
		Instant from = Instant.now();
		TestPlanStats stats;
		try {
			stats = LoadGenerator.run(ScenarioPlan.plan(trial.run(), trial.runDir()), ScenarioPlan.ENGINE_PROPERTIES);
		}
		finally {
			if (probe != null) {
				probe.close();
			}
		}
		Instant to = Instant.now();
		AppHealth health = trial.session().endTrial(from, to);
		if (workload.stores()) {
			this.store.awaitStableCount(trial.run().runId(), CompositePlan.RESPONSE_TIMEOUT.plusSeconds(10));
			this.store.drop();
		}
		StatsSummary overall = stats.overall();
		double elapsed = (overall.samplesCount() > 0)
				? Duration.between(overall.firstTime(), overall.endTime()).toMillis() / 1000.0 : 0;
		return new TrialFigures(overall.samplesCount(), overall.errorsCount(),
				(elapsed > 0) ? overall.samplesCount() / elapsed : 0, ms(overall.sampleTime().median()),
				ms(overall.sampleTime().perc99()), Double.NaN, ms(overall.sampleTime().max()),
				(elapsed > 0) ? overall.receivedBytes().total() / 1024.0 / elapsed : 0, null, null, null, null, null,
				(probe != null) ? probe.summary(configuredMs(workload)) : null, health);
	}

	/**
	 * A probe of the stub the workload calls, or {@code null} without downstream calls.
	 */
	StubLatencyProbe probe(Workload workload, MockServicesProcess mocks) {
		if (!workload.ioBound()) {
			return null;
		}
		String prefix = (workload == Workload.SLOW_IO) ? mocks.slowUrl() + "/slow/"
				: mocks.customersUrl() + "/customers/";
		return new StubLatencyProbe(prefix, PROBE_INTERVAL);
	}

	double configuredMs(Workload workload) {
		return ((workload == Workload.SLOW_IO) ? this.settings.slowLatencyDuration() : this.settings.nominalLatency())
			.toNanos() / 1e6;
	}

	private static double ms(Duration duration) {
		return (duration != null) ? duration.toNanos() / 1e6 : 0;
	}

}
