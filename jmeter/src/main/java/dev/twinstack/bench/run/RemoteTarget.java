package dev.twinstack.bench.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.load.LoadTarget;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.AppHealth;
import dev.twinstack.bench.measure.CellMonitor;
import dev.twinstack.bench.measure.CpuShares;
import dev.twinstack.bench.measure.jvm.GcLog;
import dev.twinstack.bench.measure.StubLatencyProbe;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.Machine;
import dev.twinstack.bench.settings.remote.Targets;
import dev.twinstack.monitoring.ActuatorMetricsClient;
import dev.twinstack.monitoring.SeriesSummary;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * An app started by hand elsewhere ({@code bench.targets}), one per stack serving every
 * workload: the bench waits until its {@code /actuator/health} answers 200, then sees it
 * through its URLs only: its meters from its Actuator and Prometheus page (heap, threads,
 * GC, pools, its own {@code process.cpu.usage}), this JVM's CPU, the stub latency of
 * {@code bench.stubs}. The mocks' CPU and the machines' are not visible ({@code null} in
 * the results, "not measured" in the validity). An app that stops answering its health
 * endpoint ends the run: the bench cannot restart it.
 */
final class RemoteTarget implements AppUnderTest {

	/** The longest wait for a target's {@code /actuator/health} to answer 200. */
	static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(2);

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT).build();

	private static final AppHealth SERVING = new AppHealth("ok", null, new GcLog.Summary(0, 0, 0, 0));

	private final Stack stack;

	private final Targets.Target target;

	private final Map<String, URI> stubs;

	private final Cell first;

	private List<WarmUp> warmUps = List.of();

	private OptionalInt threadCap;

	private RemoteTarget(Stack stack, Targets.Target target, Map<String, URI> stubs, Cell first) {
		this.stack = stack;
		this.target = target;
		this.stubs = stubs;
		this.first = first;
	}

	/**
	 * Returns the app starts of a matrix of remote targets: one per stack, in the order
	 * of {@code bench.stacks}, each target serving every workload (no fork per workload);
	 * a target that is not ready ends the run.
	 * @param settings the bench settings, with {@code bench.targets}
	 * @return the app starts
	 */
	static MatrixRunner.Apps<RemoteTarget> apps(BenchSettings settings) {
		return new MatrixRunner.Apps<>() {

			@Override
			public List<List<Cell>> starts(List<Cell> cells) {
				List<List<Cell>> starts = new ArrayList<>();
				for (Stack stack : settings.stacks()) {
					List<Cell> ofStack = cells.stream().filter((cell) -> cell.stack() == stack).toList();
					if (!ofStack.isEmpty()) {
						starts.add(ofStack);
					}
				}
				return starts;
			}

			@Override
			public RemoteTarget start(List<Cell> cells) {
				Cell first = cells.get(0);
				Targets.Target target = settings.targets().of(first.stack());
				awaitReady(first.stack(), target);
				return new RemoteTarget(first.stack(), target, settings.targets().stubs(), first);
			}

			@Override
			public AppHealth failedStart(BenchException failure) {
				// the bench cannot start an app it does not own
				throw failure;
			}

		};
	}

	/**
	 * Waits until the target's health endpoint answers 200.
	 * @param stack the target's stack
	 * @param target the target
	 * @throws BenchException naming the URL and how to start the app, when it does not
	 * within {@link #READY_TIMEOUT}
	 */
	static void awaitReady(Stack stack, Targets.Target target) {
		URI health = target.actuatorUri().resolve("health");
		Console.line("[target] " + stack.id() + ": waiting for GET " + health + " = 200");
		try {
			Awaitility.await(stack.id() + " ready")
				.atMost(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
				.pollInterval(Duration.ofMillis(500))
				.until(() -> healthy(health));
		}
		catch (ConditionTimeoutException ex) {
			throw new BenchException("the target of " + stack.id() + " is not ready: GET " + health
					+ " did not answer 200 within " + READY_TIMEOUT.toSeconds() + " s. Start the app there first "
					+ "(docs/distributed.md, Remote targets), or correct bench.targets (give ;management=<uri> when "
					+ "its Actuator runs on a port of its own)");
		}
	}

	@Override
	public LoadTarget target() {
		return LoadTarget.remote(this.stack, this.target.base(), this.target.actuatorUri());
	}

	@Override
	public String name() {
		return this.stack.id();
	}

	@Override
	public String where() {
		return " on " + this.target.base();
	}

	@Override
	public List<WarmUp> warmUps() {
		return this.warmUps;
	}

	@Override
	public void warmedUp(List<WarmUp> warmUps) {
		this.warmUps = List.copyOf(warmUps);
	}

	@Override
	public void keepServing() {
		requireHealthy();
	}

	@Override
	public CellMonitor monitor(Workload workload, String label, Progress progress) {
		return CellMonitor.startRemote(this.target.actuatorUri(), workload, label, progress);
	}

	@Override
	public CellMonitor monitorQuietly(Workload workload) {
		return CellMonitor.startRemoteQuietly(this.target.actuatorUri(), workload);
	}

	/**
	 * Starts the stub latency probe against the stubs of {@code bench.stubs}.
	 */
	@Override
	public StubLatencyProbe stubProbe(Workload workload) {
		return StubLatencyProbe.forWorkload(workload, url(this.stubs.get("customers")), url(this.stubs.get("slow")));
	}

	@Override
	public void beginTrial() {
		// its log is not the bench's to read
	}

	@Override
	public void loadEnded() {
		// its heap is not the bench's to collect
	}

	/**
	 * Requires the target to answer its health endpoint: a target is either serving or
	 * the run ends.
	 */
	@Override
	public AppHealth endTrial(Instant from, Instant to) {
		requireHealthy();
		return SERVING;
	}

	@Override
	public void crossCheckEnded() {
		requireHealthy();
	}

	@Override
	public void restart() {
		throw new BenchException("the target of " + this.stack.id()
				+ " cannot be restarted: the bench did not start it. See its own log");
	}

	/**
	 * Reads Tomcat's worker thread cap from the target's meters
	 * ({@code tomcat.threads.config.max}), which sets mvc's thread ceiling, once, after
	 * the warm-up.
	 * @return the cap, empty when the app has no such meter (webflux-app) or it cannot be
	 * read
	 */
	@Override
	public synchronized OptionalInt threadCap() {
		if (this.threadCap == null) {
			this.threadCap = readThreadCap(this.target);
		}
		return this.threadCap;
	}

	@Override
	public Path log() {
		return null;
	}

	@Override
	public Path recording() {
		return null;
	}

	/**
	 * Returns the CPU shares a remote target allows.
	 */
	@Override
	public CpuShares cpuShares(Map<String, SeriesSummary> steady) {
		return shares(Machine.cores(), steady);
	}

	@Override
	public String describeCpu(CellResult result) {
		return String.format(Locale.ROOT, "; CPU app %s (its process.cpu.usage), JMeter %s",
				TrialTail.percent(result.cpu().appMean()), TrialTail.percent(result.cpu().loadGeneratorMean()));
	}

	@Override
	public List<String> harnessPrefix() {
		return List.of();
	}

	@Override
	public BenchResults.AppInfo info() {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("target", this.target.describe());
		threadCap().ifPresent((cap) -> settings.put("tomcat.threads.config.max (its meter)", String.valueOf(cap)));
		return new BenchResults.AppInfo(this.stack, "remote target " + this.target.describe(), null, settings,
				this.warmUps, "remote target " + this.target.describe() + ": started by hand, not placed by the bench",
				this.first.heap(), this.first.appCpus());
	}

	@Override
	public void close() {
		// started by hand, stopped by hand
	}

	/**
	 * Returns the CPU shares a remote target allows: the load generator's (this JVM, of
	 * this machine), the app's from its own {@code process.cpu.usage} (of its machine's
	 * CPUs); the mocks' and the machine's unknown.
	 * @param cores this machine's logical processors
	 * @param series the steady window's summaries
	 * @return the shares, {@code null} where nothing could be read
	 */
	static CpuShares shares(int cores, Map<String, SeriesSummary> series) {
		SeriesSummary none = new SeriesSummary(0, null, null, null);
		SeriesSummary loadgen = series.getOrDefault("loadgen_cpu", none);
		SeriesSummary app = series.getOrDefault("app_cpu_micrometer", none);
		return new CpuShares(cores, loadgen.mean(), loadgen.peak(), null, null, app.mean(), app.peak(), null, null);
	}

	private void requireHealthy() {
		URI health = this.target.actuatorUri().resolve("health");
		if (!healthy(health)) {
			throw new BenchException("the target of " + this.stack.id() + " stopped answering: GET " + health
					+ " is no longer 200. The bench cannot restart an app it did not start: see its own log");
		}
	}

	private static boolean healthy(URI health) {
		try {
			HttpResponse<Void> response = http.send(HttpRequest.newBuilder(health).timeout(HTTP_TIMEOUT).build(),
					HttpResponse.BodyHandlers.discarding());
			return response.statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private static OptionalInt readThreadCap(Targets.Target target) {
		try {
			double max = new ActuatorMetricsClient(target.actuatorUri(), HTTP_TIMEOUT)
				.value("tomcat.threads.config.max", null, null)
				.get(HTTP_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
			return (Double.isNaN(max) || max < 1) ? OptionalInt.empty() : OptionalInt.of((int) max);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return OptionalInt.empty();
		}
		catch (Exception ex) {
			return OptionalInt.empty();
		}
	}

	private static String url(URI uri) {
		return (uri != null) ? uri.toString() : null;
	}

}
