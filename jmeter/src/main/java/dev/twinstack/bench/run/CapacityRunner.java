package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import dev.twinstack.bench.analysis.CpuCost;
import dev.twinstack.bench.analysis.capacity.Capacity;
import dev.twinstack.bench.analysis.capacity.CapacitySearch;
import dev.twinstack.bench.analysis.capacity.RungOutcome;
import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.ArrivalSchedule;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.load.ScheduledLatency;
import dev.twinstack.bench.load.opencheck.OpenCheckStep;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.Slo;

/**
 * The capacity profile's search over an open cell's rate, per stack
 * ({@link CapacitySearch}): each rung one trial through the matrix's own loop (the app
 * session, its warm-up and restarts, the monitor, the trial's tail), read through
 * {@link RungOutcome#of}, the confirmation trials among them; between two rungs it waits
 * until the app holds none of the workload's requests ({@link Settle}); logs each stack's
 * wall time; once a capacity P is found, runs the independent open-model check
 * ({@link GatlingCheck}) at P and at the passing rate nearest P / 2
 * ({@link Capacity#checkedRates()}) and hands the capacity on with it.
 * {@code bench.crosscheck} does not turn the check off: it chooses the closed cells'
 * generator (wrk), while the open-model check is part of the capacity figure itself.
 */
final class CapacityRunner implements MatrixRunner.RateSearch {

	private final BenchSettings settings;

	private final Consumer<Capacity> found;

	/**
	 * Creates the search of a bench run.
	 * @param settings the settings: the objective ({@code bench.slo}) and the profile
	 * @param found takes each stack's capacity
	 */
	CapacityRunner(BenchSettings settings, Consumer<Capacity> found) {
		this.settings = settings;
		this.found = found;
	}

	@Override
	public boolean searches(Cell cell) {
		return this.settings.searchesCapacity() && cell.load() == LoadModel.OPEN;
	}

	@Override
	public void search(Cell cell, double idealMs, Rungs rungs) {
		Instant start = Instant.now();
		Slo slo = this.settings.slo();
		// the ideal is the downstream wait, known before the run and the same across runs
		double ideal = this.settings.downstreamMs(cell.workload());
		double limitMs = slo.limitMs(ideal);
		String objective = slo.describe(ideal);
		Console.line("[capacity] " + cell.stack().id() + ": searching from " + cell.rate() + " req/s at " + objective);
		boolean[] first = { true };
		boolean[] saidFixed = { false };
		Runnable settle = () -> {
			Settle.Outcome settled = new Settle(rungs::inFlight).await();
			// a gauge that cannot be read is said once, a backlog each time
			if (settled.warning() != null && !(settled.fixed() && saidFixed[0])) {
				Console.line("[capacity] " + cell.stack().id() + ": " + settled.warning());
			}
			saidFixed[0] |= settled.fixed();
		};
		// each rate's intended p50 and p99, for the open-model check: of its latest trial
		Map<Integer, LatencyStats> intended = new HashMap<>();
		Capacity capacity = CapacitySearch.search(cell.stack().id(), cell.rate(), objective, limitMs,
				(rate, number) -> {
					if (!first[0]) {
						settle.run();
					}
					first[0] = false;
					// threads for rate × the limit in flight: beyond the limit the rung
					// fails anyway
					MatrixRunner.RateSearch.Rung rung = rungs.run(rate, number, limitMs);
					JtlAnalysis analysis = analysis(rung);
					intended.put(rate, intended(analysis));
					RungOutcome outcome = outcome(rung, analysis, slo.percentile(), cell);
					Console.line("[capacity] " + cell.stack().id() + " "
							+ Capacity.Rung.of(outcome, outcome.verdict(limitMs), number).describe());
					return outcome;
				});
		double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
		capacity = capacity.withWallSeconds(seconds);
		Console.line(String.format(Locale.ROOT, "[capacity] %s: %s; %d rungs in %.0f s", cell.stack().id(),
				capacity.line(), capacity.rungs().size(), seconds));
		List<Integer> rates = capacity.checkedRates();
		if (!rates.isEmpty()) {
			settle.run();
			capacity = capacity.withGatling(check(rates, intended, rungs));
			Capacity.Gatling gatling = capacity.gatling();
			Console
				.line("[gatling] " + cell.stack().id() + ": " + gatling.line()
						+ ((gatling.storage() != null && gatling.storage().verified()) ? "; stored "
								+ gatling.storage().stored() + " / acknowledged " + gatling.storage().acknowledged()
								: ""));
		}
		this.found.accept(capacity);
	}

	/**
	 * Runs the open-model check at the checked rates and sets Gatling's figures beside
	 * the bench's intended ones of the same rungs; a check that cannot run is said, never
	 * a failure of the bench.
	 * @param rates the checked rates (req/s), lowest first
	 * @param intended each rate's latency from the intended send time, of its latest
	 * trial (a confirmed rate's confirmation: the one nearest Gatling's run in time)
	 * @param rungs the search's seam
	 * @return the check
	 */
	static Capacity.Gatling check(List<Integer> rates, Map<Integer, LatencyStats> intended,
			MatrixRunner.RateSearch.Rungs rungs) {
		GatlingCheck.Run run;
		try {
			run = rungs.openCheck(rates);
		}
		catch (BenchException | IllegalArgumentException ex) {
			String why = (ex.getMessage() != null) ? ex.getMessage().lines().findFirst().orElse("") : "";
			return Capacity.Gatling.notChecked(why.isBlank() ? ex.getClass().getSimpleName() : why);
		}
		List<Capacity.Check> checks = new ArrayList<>();
		for (int i = 0; i < rates.size(); i++) {
			int rate = rates.get(i);
			LatencyStats bench = intended.getOrDefault(rate, LatencyStats.NONE);
			OpenCheckStep step = run.result().steps().get(i);
			checks.add(new Capacity.Check(rate, bench.p50Ms(), bench.p99Ms(), step.p50Ms(), step.p99Ms()));
		}
		return new Capacity.Gatling(checks, run.storage(), null);
	}

	/**
	 * Returns a rung's latency from the intended send time, from the actual send when its
	 * JTL holds no schedule.
	 * @param analysis the rung's JTL
	 * @return the latencies
	 */
	static LatencyStats intended(JtlAnalysis analysis) {
		return analysis.scheduledLatency().map(ScheduledLatency::intended).orElse(analysis.latency());
	}

	/**
	 * Reads a rung's JTL.
	 */
	private static JtlAnalysis analysis(MatrixRunner.RateSearch.Rung rung) {
		Path jtl = rung.trial().runDir().resolve("samples.jtl");
		// a JTL is missing only when the load never ran: no answer at all; a rung is
		// judged on its hold, the ramp's cold start left out
		return Files.isRegularFile(jtl) ? JtlAnalysis.readHold(jtl, rung.trial().run().rampUp())
				: new JtlAnalysis(LatencyStats.NONE, null, java.util.List.of(), 0, 0, 0);
	}

	/**
	 * Reads a rung from its JTL, the app's health and the monitor's readings.
	 */
	private RungOutcome outcome(MatrixRunner.RateSearch.Rung rung, JtlAnalysis analysis, double percentile, Cell cell) {
		TrialFigures figures = rung.figures();
		return RungOutcome.of(rung.trial().run().rate(), percentile, analysis, scheduled(rung.trial().run()),
				analysis.errorsByKind(), figures.health().status(), resourceAtLimit(figures, cell));
	}

	/**
	 * Returns the arrivals a rung's hold scheduled, the ramp's left out as the rung's
	 * figures leave them out.
	 * @param run the rung's load
	 * @return the arrivals
	 */
	static long scheduled(ScenarioPlan.Run run) {
		return ArrivalSchedule.of(run.rate(), run.rampUp(), run.duration()).holdArrivals();
	}

	private static String resourceAtLimit(TrialFigures figures, Cell cell) {
		CpuCost cost = figures.cpuCost();
		Double appCores = (cost != null && cost.appMs() != null) ? cost.appMs() * figures.throughput() / 1000 : null;
		GcCost gc = figures.gc();
		Double gcShare = (gc != null && gc.seconds() > 0) ? gc.gcPauseMs() / (gc.seconds() * 1000) : null;
		PoolWaits pools = figures.pools();
		return RungOutcome.resourceAtLimit(appCores, cell.appCpus().isAll() ? Machine.cores() : cell.appCpus().cores(),
				gcShare, (pools != null) ? pools.clientPendingPeak() : null,
				(pools != null) ? pools.mongoWaitPeak() : null);
	}

}
