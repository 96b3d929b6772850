package dev.twinstack.bench.run;

import java.util.List;

import dev.twinstack.bench.faults.DatabaseOutage;
import dev.twinstack.bench.faults.FaultsRunner;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.WrkLoad;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.MemoryRequests;
import dev.twinstack.bench.settings.faults.Fault;
import dev.twinstack.bench.settings.faults.FaultSettings;

/**
 * A rough wall-time estimate of a bench, printed before it starts: app starts, warm-ups
 * (as long as they took in standard runs, at most their bound), base latencies, trials
 * and wrk runs, with the per-trial overhead seen on a 2-core machine (JMeter start,
 * dashboard, stored count).
 */
final class Estimate {

	static final int APP_START_SECONDS = 15;

	/**
	 * Per trial: JMeter start, the reading after the load, full GC, JTL, dashboard, count
	 * (docs/design.md, "The estimate printed before a run").
	 */
	static final int TRIAL_OVERHEAD_SECONDS = 3;

	/**
	 * The warm-up an app start takes until steady when its bound allows it: the mean of
	 * standard runs' app starts on 2 cores (docs/design.md, "The estimate"). A shorter
	 * bound is used whole.
	 */
	static final int TYPICAL_WARMUP_SECONDS = 125;

	/**
	 * First trials a capacity search takes: a ladder of four or five (150 req/s × 1.5 up
	 * to the first failing rung, 506 or 759 below the closed-model ceilings of 543–888
	 * req/s on one core) and up to three bisection steps.
	 */
	static final int CAPACITY_RUNGS = 8;

	/**
	 * Confirmation trials a capacity search takes: P and F once each; a third when P
	 * fails its own (at most
	 * {@value dev.twinstack.bench.analysis.capacity.CapacitySearch#MAX_CONFIRMATIONS}).
	 */
	static final int CAPACITY_CONFIRMATIONS = 2;

	/** Assumed throughput of a count-model cell, to turn its request count into time. */
	static final int COUNT_REQUESTS_PER_SECOND = 1000;

	private Estimate() {
	}

	/**
	 * Estimates the bench's wall time, with the wrk cross-check when it was asked for and
	 * wrk is on the {@code PATH}.
	 * @param settings the settings
	 * @return the estimate (s)
	 */
	static long seconds(BenchSettings settings) {
		return seconds(settings, WrkLoad.find().isPresent());
	}

	/**
	 * Estimates the bench's wall time.
	 * @param settings the settings
	 * @param wrkFound whether wrk was found: without it no cross-check runs, asked for or
	 * not
	 * @return the estimate (s)
	 */
	static long seconds(BenchSettings settings, boolean wrkFound) {
		boolean crossChecked = wrkFound && settings.crossChecksWithWrk();
		long seconds = 10 + ((settings.faults() != null) ? faultsSeconds(settings.faults()) : 0);
		Workload memory = settings.memoryWorkload();
		if (memory != null) {
			// memory after N requests, per stack and repeat: N requests from 10 clients
			seconds += settings.stacks().size() * settings.memoryRepeats() * (5 + settings.memoryRequests()
					/ MemoryRequests.CONCURRENCY * (long) settings.downstreamMs(memory) / 1000);
		}
		for (List<Cell> cells : MatrixRunner.forks(settings.cells(), settings.jvmPerWorkload())) {
			List<Workload> workloads = cells.stream().map(Cell::workload).distinct().toList();
			seconds += APP_START_SECONDS + Math.min(TYPICAL_WARMUP_SECONDS, settings.warmup().toSeconds());
			if (!settings.baseline().isZero()) {
				for (Workload workload : workloads) {
					seconds += 2 + Math.max(settings.baseline().toSeconds(),
							(long) Math.ceil(3 * settings.downstreamMs(workload) / 1000));
				}
			}
			for (Workload workload : workloads) {
				if (crossChecked && WrkCrossCheck.precedesATrial(settings, cells, workload)) {
					// the unmeasured wrk run that opens the workload's rehearsal
					seconds += WrkCrossCheck.runSeconds(settings, workload) + 1;
				}
			}
			for (Cell cell : cells) {
				long load = (cell.load() == LoadModel.COUNT) ? countSeconds(settings, cell)
						: CompositePlan.RAMP_UP_SECONDS + settings.duration().toSeconds();
				if (settings.searchesCapacity() && cell.load() == LoadModel.OPEN) {
					// one trial per rung and confirmation, each after a pause that the
					// app
					// usually ends at its shortest (its requests ended with the trial)
					int rungs = CAPACITY_RUNGS + CAPACITY_CONFIRMATIONS;
					seconds += rungs * (load + TRIAL_OVERHEAD_SECONDS) + rungs * Settle.MIN.toMillis() / 1000;
					// then Gatling at the capacity and near its half
					seconds += 1 + GatlingCheck.seconds(settings, 2);
					continue;
				}
				seconds += settings.trials() * (load + TRIAL_OVERHEAD_SECONDS);
				if (crossChecked && cell.load() == LoadModel.CLOSED) {
					// wrk after each trial, at once; then the stored count
					seconds += settings.trials() * (WrkCrossCheck.runSeconds(settings, cell.workload()) + 1);
				}
			}
		}
		return seconds;
	}

	/**
	 * Estimates a count cell's load: its requests at {@value #COUNT_REQUESTS_PER_SECOND}
	 * req/s, or, where the workload waits downstream, at the clients' Little's-law
	 * ceiling when that is lower (its threads start at once: no ramp-up).
	 */
	private static long countSeconds(BenchSettings settings, Cell cell) {
		double waitMs = settings.downstreamMs(cell.workload());
		double rate = (waitMs > 0) ? Math.min(COUNT_REQUESTS_PER_SECOND, cell.concurrency() * 1000 / waitMs)
				: COUNT_REQUESTS_PER_SECOND;
		return (long) Math.ceil(settings.requests(cell) / rate);
	}

	/**
	 * Estimates the wall time of the {@code faults} scenario on a 2-core machine: an app
	 * start and a 5 s warm-up per stack, then per run the ramp-up, the hold, the slowest
	 * answers (the client timeout for the delay), the stored count and the recovery; the
	 * database outage.
	 * @param faults the scenario's settings
	 * @return the estimate (s)
	 */
	private static long faultsSeconds(FaultSettings faults) {
		long perStack = APP_START_SECONDS + FaultsRunner.WARMUP.toSeconds()
				+ (faults.databaseOutage() ? CompositePlan.RAMP_UP_SECONDS + DatabaseOutage.BEFORE_SECONDS
						+ DatabaseOutage.DOWN_SECONDS + DatabaseOutage.AFTER_SECONDS + 2 : 0);
		for (FaultSettings.Case run : faults.cases()) {
			perStack += CompositePlan.RAMP_UP_SECONDS + faults.duration().toSeconds() + 2
					+ ((run.fault() == Fault.DELAY) ? faults.clientTimeout().toSeconds() : 0);
		}
		return faults.stacks().size() * perStack;
	}

}
