package dev.twinstack.bench.measure;

import static dev.twinstack.bench.text.Text.fmt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.MockServicesProcess;
import dev.twinstack.monitoring.ActuatorProbe;
import dev.twinstack.monitoring.MachineProbe;
import dev.twinstack.monitoring.MetricsSampler;
import dev.twinstack.monitoring.Probe;
import dev.twinstack.monitoring.ProcessProbe;
import dev.twinstack.monitoring.SeriesSummary;
import dev.twinstack.monitoring.TimeSeries;
import dev.twinstack.monitoring.TimeSeriesCsv;

/**
 * Samples everything that runs during one cell once a second: the app's Micrometer meters
 * ({@code app_*} from its Actuator), its GC, allocation and pool counters from its
 * Prometheus page ({@link PrometheusProbe}), the RSS and CPU of the app, the mocks and
 * the load generator ({@code app_rss_mb}, {@code app_cpu}, {@code mocks_*},
 * {@code loadgen_*}, via OSHI) and the machine's CPU ({@code machine_cpu}). Prints a
 * progress line about every 5 s with the app's current request rate.
 */
public final class CellMonitor implements AutoCloseable {

	public static final Duration INTERVAL = Duration.ofSeconds(1);

	private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

	private final MetricsSampler sampler;

	/**
	 * What the monitor saw.
	 *
	 * @param server the app's figures and every column's summary
	 * @param series the whole series
	 */
	public record Result(ServerStats server, TimeSeries series) {
	}

	private CellMonitor(MetricsSampler sampler) {
		this.sampler = sampler;
	}

	/**
	 * Starts sampling.
	 * @param app the app under load
	 * @param mocks the mocks
	 * @param workload the workload, whose method and {@code uri} tag name the measured
	 * requests
	 * @param label the cell's name in progress lines
	 * @param progress the bench's progress, for the elapsed time and ETA
	 * @return the running monitor
	 */
	public static CellMonitor start(AppProcess app, MockServicesProcess mocks, Workload workload, String label,
			Progress progress) {
		List<Probe> probes = probes(app, mocks, workload);
		List<String> columns = probes.stream().flatMap((probe) -> probe.columns().stream()).toList();
		ProgressPrinter printer = new ProgressPrinter(label, progress, columns);
		return new CellMonitor(MetricsSampler.start(INTERVAL, probes, printer::accept));
	}

	/**
	 * Starts sampling as {@link #start} does, printing nothing: the Actuator traffic of a
	 * trial, sent during a warm-up so that the app's JIT compiles its code for what the
	 * trials will send. Without it, the trials' first readings of
	 * {@code /actuator/prometheus} (content negotiation, text encoding) made the JIT
	 * throw compiled methods away in the first trial (docs/design.md, "The warm-up").
	 * @param app the app being warmed up
	 * @param mocks the mocks
	 * @param workload the workload
	 * @return the running monitor, to be closed after the warm-up
	 */
	public static CellMonitor startQuietly(AppProcess app, MockServicesProcess mocks, Workload workload) {
		return new CellMonitor(MetricsSampler.start(INTERVAL, probes(app, mocks, workload), (row) -> {
		}));
	}

	/**
	 * Starts sampling a remote target as {@link #startRemote} does, printing nothing: the
	 * Actuator traffic of its trials, during its warm-up (see {@link #startQuietly}).
	 * @param actuatorUri the base of the target's Actuator
	 * @param workload the workload
	 * @return the running monitor, to be closed after the warm-up
	 */
	public static CellMonitor startRemoteQuietly(URI actuatorUri, Workload workload) {
		return new CellMonitor(MetricsSampler.start(INTERVAL, remoteProbes(actuatorUri, workload), (row) -> {
		}));
	}

	private static List<Probe> remoteProbes(URI actuatorUri, Workload workload) {
		return List.of(new ActuatorProbe("app", actuatorUri, workload.uriTag(), INTERVAL),
				new PrometheusProbe(actuatorUri, workload.method(), workload.uriTag(), INTERVAL),
				new ProcessProbe("loadgen", ProcessHandle.current().pid()));
	}

	private static List<Probe> probes(AppProcess app, MockServicesProcess mocks, Workload workload) {
		return List.of(new ActuatorProbe("app", app.actuatorUri(), workload.uriTag(), INTERVAL),
				new PrometheusProbe(app.actuatorUri(), workload.method(), workload.uriTag(), INTERVAL),
				new ProcessProbe("app", app.process().pid()), new ProcessProbe("mocks", mocks.process().pid()),
				new ProcessProbe("loadgen", ProcessHandle.current().pid()), new MachineProbe(),
				new MongoWritesProbe(mocks.mongoAdminUrl(), INTERVAL));
	}

	/**
	 * Starts sampling an app started elsewhere (a remote target): its Actuator's meters
	 * and Prometheus page, and the load generator (this JVM); the CPU of the target, of
	 * the mocks and of their machines cannot be seen from here, and no column is written
	 * for them (the app's own {@code process.cpu.usage} is {@code app_cpu_micrometer}).
	 * @param actuatorUri the base of the app's Actuator, e.g.
	 * {@code http://127.0.0.2:8081/actuator/}
	 * @param workload the workload, whose method and {@code uri} tag name the measured
	 * requests
	 * @param label the cell's name in progress lines
	 * @param progress the bench's progress, for the elapsed time and ETA
	 * @return the running monitor
	 */
	public static CellMonitor startRemote(URI actuatorUri, Workload workload, String label, Progress progress) {
		List<Probe> probes = remoteProbes(actuatorUri, workload);
		List<String> columns = probes.stream().flatMap((probe) -> probe.columns().stream()).toList();
		ProgressPrinter printer = new ProgressPrinter(label, progress, columns);
		return new CellMonitor(MetricsSampler.start(INTERVAL, probes, printer::accept));
	}

	/**
	 * Stops sampling, writes the series as CSV and summarizes it.
	 * @param csv the CSV file to write
	 * @param origin the instant the CSV's {@code seconds} column counts from (the cell's
	 * start)
	 * @return what was seen
	 */
	public Result finish(Path csv, Instant origin) {
		close();
		TimeSeries series = this.sampler.series();
		try {
			TimeSeriesCsv.write(series, origin, csv);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + csv, ex);
		}
		Map<String, SeriesSummary> summaries = series.summaries();
		return new Result(ServerStats.from(summaries, this.sampler.failedReadings()), series);
	}

	@Override
	public void close() {
		this.sampler.close();
	}

	/**
	 * Prints a line every 5 s: the app's request rate since the previous line (Micrometer
	 * {@code http.server.requests} count), heap, threads, CPU, elapsed time and ETA.
	 */
	private static final class ProgressPrinter {

		private final String label;

		private final Progress progress;

		private final Map<String, Integer> index = new java.util.HashMap<>();

		private Instant lastPrint;

		private Instant countTime;

		private double count = Double.NaN;

		ProgressPrinter(String label, Progress progress, List<String> columns) {
			this.label = label;
			this.progress = progress;
			for (int i = 0; i < columns.size(); i++) {
				this.index.put(columns.get(i), i);
			}
		}

		void accept(TimeSeries.Row row) {
			double requests = value(row, "app_requests");
			if (this.lastPrint == null) {
				this.lastPrint = row.time();
			}
			else if (!Duration.between(this.lastPrint, row.time()).minus(PROGRESS_EVERY).plusMillis(200).isNegative()) {
				double rate = Double.NaN;
				if (!Double.isNaN(requests) && this.countTime != null) {
					rate = (requests - this.count) * 1000 / Duration.between(this.countTime, row.time()).toMillis();
				}
				Console.line(fmt(
						"    %s: %s req/s · heap %s MB · %s threads · CPU app %s, mocks %s, JMeter %s, machine %s (%s)",
						this.label, number(rate), number(value(row, "app_heap_used_mb")),
						number(value(row, "app_threads_live")), percent(appCpu(row)), percent(value(row, "mocks_cpu")),
						percent(value(row, "loadgen_cpu")), percent(value(row, "machine_cpu")),
						this.progress.status(row.time())));
				this.lastPrint = row.time();
			}
			if (!Double.isNaN(requests) && (this.countTime == null || this.lastPrint.equals(row.time()))) {
				this.count = requests;
				this.countTime = row.time();
			}
		}

		/**
		 * Returns the app's CPU: from OSHI when the bench sees its process, else its own
		 * {@code process.cpu.usage} (a remote target).
		 */
		private double appCpu(TimeSeries.Row row) {
			double oshi = value(row, "app_cpu");
			return (this.index.containsKey("app_cpu")) ? oshi : value(row, "app_cpu_micrometer");
		}

		private double value(TimeSeries.Row row, String column) {
			Integer i = this.index.get(column);
			return (i != null) ? row.value(i) : Double.NaN;
		}

		private static String number(double value) {
			return Double.isNaN(value) ? "?" : fmt("%.0f", value);
		}

		private static String percent(double share) {
			return Double.isNaN(share) ? "?" : fmt("%.0f %%", share * 100);
		}

	}

}
