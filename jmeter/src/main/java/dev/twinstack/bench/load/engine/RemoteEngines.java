package dev.twinstack.bench.load.engine;

import java.nio.file.Path;
import java.time.Duration;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.load.RunId;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.settings.remote.LoadEngines;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * JMeter's remote engines ({@code bench.engines}): each runs the whole plan with its
 * share of the threads or of the rate ({@link ScenarioPlan#distributed}), and they are
 * warmed up once before the first measured trial.
 */
final class RemoteEngines implements LoadEngine {

	/**
	 * Clients per remote engine in the engines' warm-up, each sending
	 * {@value #WARMUP_REQUESTS} requests.
	 */
	static final int WARMUP_THREADS = 10;

	/** Requests per client in the engines' warm-up. */
	static final int WARMUP_REQUESTS = 10;

	private final LoadEngines engines;

	private final Path outputDir;

	private final String runPrefix;

	private boolean warm;

	RemoteEngines(LoadEngines engines, Path outputDir, String runPrefix) {
		this.engines = engines;
		this.outputDir = outputDir;
		this.runPrefix = runPrefix;
	}

	/**
	 * Loads the app once from the remote engines before their first measured trial,
	 * unmeasured: a cold engine JVM took 6 s from the start of its first test to its
	 * first request (class loading, Groovy for the engine's number), while the other
	 * engine already ran, so the engines' windows barely overlapped (warm, they started
	 * 0.7 s apart; {@code DistributedIT}). A count run of {@value #WARMUP_THREADS}
	 * clients per engine, {@value #WARMUP_REQUESTS} requests each, of the trial's
	 * workload.
	 */
	@Override
	public synchronized void warmUpOnce(ScenarioPlan.Run trial, JavaProcess target) {
		if (this.warm) {
			return;
		}
		this.warm = true;
		int threads = WARMUP_THREADS * this.engines.count();
		ScenarioPlan.Run warmUp = new ScenarioPlan.Run(trial.baseUri(), trial.workload(), LoadModel.COUNT, threads, 0,
				threads * WARMUP_REQUESTS, Duration.ZERO, Duration.ZERO,
				RunId.of(this.runPrefix, "engines-warm-up", ""));
		Console.line("[engines] warming up " + this.engines.addresses() + ": " + threads * WARMUP_REQUESTS
				+ " requests, unmeasured");
		run(warmUp, this.outputDir.resolve("runs/engines-warm-up"), target);
	}

	@Override
	public TestPlanStats run(ScenarioPlan.Run run, Path runDir, JavaProcess target) {
		return LoadGenerator.runRemote(ScenarioPlan.distributed(run, runDir, this.engines.addresses()), this.engines,
				target, run.timeLimit());
	}

}
