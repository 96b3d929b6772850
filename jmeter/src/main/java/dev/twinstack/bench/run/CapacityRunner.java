package dev.twinstack.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
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
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.measure.GcCost;
import dev.twinstack.bench.measure.PoolWaits;
import dev.twinstack.bench.results.TrialFigures;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.Slo;

/**
 * The capacity profile's search over an open cell's rate, per stack
 * ({@link CapacitySearch}): each rung one trial through the matrix's own loop (the app
 * session, its warm-up and restarts, the monitor, the trial's tail), read through
 * {@link RungOutcome#of}; logs each stack's wall time and hands its capacity on.
 */
final class CapacityRunner implements MatrixRunner.RateSearch {

	/** Pause between rungs, after the last one's in-flight requests ended. */
	static final Duration SETTLE = Duration.ofSeconds(2);

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
		Capacity capacity = CapacitySearch.search(cell.stack().id(), cell.rate(), objective, limitMs, (rate) -> {
			if (!first[0]) {
				// the last rung's requests have ended (the engine waits for them); the
				// collection is dropped before the next trial (TrialRunner.run)
				pause(SETTLE);
			}
			first[0] = false;
			// threads for rate × the limit in flight: beyond the limit the rung fails
			// anyway
			MatrixRunner.RateSearch.Rung rung = rungs.run(rate, limitMs);
			RungOutcome outcome = outcome(rung, slo.percentile(), cell);
			Console.line("[capacity] " + cell.stack().id() + " "
					+ Capacity.Rung.of(outcome, outcome.verdict(limitMs)).describe());
			return outcome;
		});
		double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
		capacity = capacity.withWallSeconds(seconds);
		Console.line(String.format(Locale.ROOT, "[capacity] %s: %s; %d rungs in %.0f s", cell.stack().id(),
				capacity.line(), capacity.rungs().size(), seconds));
		this.found.accept(capacity);
	}

	/**
	 * Reads a rung from its JTL, the app's health and the monitor's readings.
	 */
	private RungOutcome outcome(MatrixRunner.RateSearch.Rung rung, double percentile, Cell cell) {
		Path jtl = rung.trial().runDir().resolve("samples.jtl");
		// a JTL is missing only when the load never ran: no answer at all; the rung is
		// judged on its hold, the ramp's cold start left out
		JtlAnalysis analysis = Files.isRegularFile(jtl) ? JtlAnalysis.readHold(jtl, rung.trial().run().rampUp())
				: new JtlAnalysis(LatencyStats.NONE, null, java.util.List.of(), 0, 0, 0);
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

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
