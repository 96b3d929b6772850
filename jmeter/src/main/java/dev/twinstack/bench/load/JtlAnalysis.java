package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads every sample of a JMeter JTL file (CSV with a header, JMeter's default format:
 * {@code timeStamp} = start in ms since the epoch, {@code elapsed} in ms,
 * {@code success}) into a latency histogram, per-second throughput counts and per-second
 * arrival counts; with the open model's {@code scheduledMs} column, also the latency from
 * each request's intended send time ({@link ScheduledLatency}).
 * <p>
 * The per-second counts start at the counted window's start: the first sample's start for
 * JMeter in the bench's JVM; with several remote engines, the start of the window every
 * engine covers ({@link EngineWindow}: the latest engine's first start to the earliest
 * engine's last end), so that the edges where only some engines ran do not dilute the
 * rate. The latency percentiles and the error count take every sample, also those outside
 * that window: each is a real response, and leaving out the edges would hide the first
 * requests of every engine.
 *
 * @param latency the response times of all samples
 * @param throughput the requests completed per whole second of the counted window
 * @param startsPerSecond the requests started in each whole second from the counted
 * window's start to the last start (with several engines: the earliest engine's last
 * start), the open model's arrivals; the last, partial second left out
 * @param errors samples whose {@code success} is {@code false}
 * @param firstStartMs the counted window's start (ms since the epoch): the first sample's
 * start, with several engines the latest engine's first start; 0 without samples
 * @param lastEndMs the counted window's end (ms since the epoch): the last sample's end,
 * with several engines the earliest engine's last end; 0 without samples
 * @param window the window every remote engine covers; {@code null} for JMeter in the
 * bench's JVM or a JTL without any engine's sample
 * @param engineSamples samples of each remote engine ({@link #samplesPerEngine});
 * {@code null} for JMeter in the bench's JVM
 * @param errorsByKind failed samples per kind ({@link ErrorKind}, from the
 * {@code responseCode} and {@code responseMessage} columns), the most frequent first;
 * every failed sample, like {@code errors}; empty without errors
 * @param errorsPerSecond the failed samples of each kind per second, from the first
 * sample's start
 * @param scheduled the latency from the intended send time, when the JTL has the open
 * model's {@code scheduledMs} column with values ({@link ArrivalTimer}); {@code null}
 * otherwise
 */
public record JtlAnalysis(LatencyStats latency, ThroughputStats throughput, List<Integer> startsPerSecond, long errors,
		long firstStartMs, long lastEndMs, EngineWindow window, Map<String, Long> engineSamples,
		Map<String, Long> errorsByKind, ErrorsPerSecond errorsPerSecond, ScheduledLatency scheduled) {

	/** Longest response time recorded as such (ms); longer ones count as this. */
	public static final long MAX_TRACKED_MS = 3_600_000;

	/** Where {@link #samplesPerEngine} counts samples of no named engine. */
	public static final String NO_ENGINE = "other";

	/** Index of a sample's start in a span. */
	private static final int START = 0;

	/** Index of a sample's end in a span. */
	private static final int END = 1;

	/**
	 * The open model's column of each sample's intended send time (ms since the epoch).
	 */
	private static final String SCHEDULED = "scheduledMs";

	/** The columns {@link #read(Path)} needs. */
	private static final List<String> COLUMNS = List.of("timeStamp", "elapsed", "success");

	/**
	 * Creates the figures of JMeter in the bench's JVM: no engine window, no samples per
	 * engine.
	 * @param latency the response times of all samples
	 * @param throughput the requests completed per whole second
	 * @param startsPerSecond the requests started in each whole second
	 * @param errors failed samples
	 * @param firstStartMs the first sample's start (ms since the epoch)
	 * @param lastEndMs the last sample's end (ms since the epoch)
	 */
	public JtlAnalysis(LatencyStats latency, ThroughputStats throughput, List<Integer> startsPerSecond, long errors,
			long firstStartMs, long lastEndMs) {
		this(latency, throughput, startsPerSecond, errors, firstStartMs, lastEndMs, null, null, Map.of(),
				ErrorsPerSecond.NONE, null);
	}

	/**
	 * Creates the figures without failed samples by kind.
	 * @param latency the response times of all samples
	 * @param throughput the requests completed per whole second
	 * @param startsPerSecond the requests started in each whole second
	 * @param errors failed samples
	 * @param firstStartMs the counted window's start (ms since the epoch)
	 * @param lastEndMs the counted window's end (ms since the epoch)
	 * @param window the window every remote engine covers, or {@code null}
	 * @param engineSamples samples of each remote engine, or {@code null}
	 */
	public JtlAnalysis(LatencyStats latency, ThroughputStats throughput, List<Integer> startsPerSecond, long errors,
			long firstStartMs, long lastEndMs, EngineWindow window, Map<String, Long> engineSamples) {
		this(latency, throughput, startsPerSecond, errors, firstStartMs, lastEndMs, window, engineSamples, Map.of(),
				ErrorsPerSecond.NONE, null);
	}

	/**
	 * Returns the latency from the intended send time.
	 * @return the figures, empty when the JTL has no schedule (closed models)
	 */
	public Optional<ScheduledLatency> scheduledLatency() {
		return Optional.ofNullable(this.scheduled);
	}

	/**
	 * Reads a JTL of JMeter in the bench's JVM: the counted window runs from the first
	 * sample's start to the last sample's end.
	 * @param jtl the file
	 * @return the analysis
	 * @throws UncheckedIOException when the file cannot be read or lacks the columns
	 * {@code timeStamp}, {@code elapsed} and {@code success}
	 */
	public static JtlAnalysis read(Path jtl) {
		return read(jtl, List.of());
	}

	/**
	 * Reads a JTL, of several remote engines when they are named: the per-second figures
	 * then count the window every engine with a sample covers ({@link EngineWindow}), and
	 * each engine's samples are counted as {@link #samplesPerEngine} does. With one
	 * engine the window is that engine's: the figures are those of {@link #read(Path)}.
	 * @param jtl the file
	 * @param engines the remote engines' {@code host:port}, empty for JMeter in the
	 * bench's JVM
	 * @return the analysis
	 * @throws UncheckedIOException when the file cannot be read or lacks the columns
	 * {@code timeStamp}, {@code elapsed}, {@code success} (and {@code threadName} with
	 * engines)
	 */
	public static JtlAnalysis read(Path jtl, List<String> engines) {
		return read(jtl, engines, Long.MIN_VALUE);
	}

	/**
	 * Reads the hold of an open run only: the samples scheduled at least {@code rampUp}
	 * after the first arrival's schedule (the ramp's first arrivals meet cold threads and
	 * connections, in JMeter and in the app). Every figure counts those samples only.
	 * @param jtl the file, with the open model's {@code scheduledMs} column
	 * @param rampUp the run's ramp-up
	 * @return the analysis of the hold's samples; of every sample when the file has no
	 * schedule
	 * @throws UncheckedIOException as {@link #read(Path)}
	 */
	public static JtlAnalysis readHold(Path jtl, Duration rampUp) {
		long[] first = { Long.MAX_VALUE };
		parse(jtl, COLUMNS, (record) -> {
			Long due = scheduledMs(record);
			if (due != null) {
				first[0] = Math.min(first[0], due);
			}
		});
		return read(jtl, List.of(), (first[0] == Long.MAX_VALUE) ? Long.MIN_VALUE : first[0] + rampUp.toMillis());
	}

	private static JtlAnalysis read(Path jtl, List<String> engines, long scheduledFromMs) {
		Histogram histogram = new Histogram(MAX_TRACKED_MS, 3);
		List<long[]> spans = new ArrayList<>();
		// per engine: first start, last end, last start
		Map<String, long[]> bounds = new LinkedHashMap<>();
		Map<String, Long> counts = engines.isEmpty() ? null : new LinkedHashMap<>();
		if (counts != null) {
			engines.forEach((engine) -> counts.put(engine, 0L));
		}
		long[] errors = { 0 };
		// end and kind of each failed sample
		List<Map.Entry<Long, String>> failures = new ArrayList<>();
		Histogram intended = new Histogram(MAX_TRACKED_MS, 3);
		Histogram lateness = new Histogram(MAX_TRACKED_MS, 3);
		long[] late = { 0 };
		List<String> columns = new ArrayList<>(COLUMNS);
		if (counts != null) {
			columns.add("threadName");
		}
		parse(jtl, columns, (record) -> {
			Long due = scheduledMs(record);
			if (scheduledFromMs != Long.MIN_VALUE && (due == null || due < scheduledFromMs)) {
				return;
			}
			long start = Long.parseLong(record.get("timeStamp"));
			long elapsed = Long.parseLong(record.get("elapsed"));
			histogram.recordValue(clamp(elapsed));
			if (due != null) {
				intended.recordValue(clamp(start + elapsed - due));
				lateness.recordValue(clamp(start - due));
				late[0] += (start - due > ScheduledLatency.LATE_MS) ? 1 : 0;
			}
			spans.add(new long[] { start, start + elapsed });
			if (!Boolean.parseBoolean(record.get("success"))) {
				errors[0]++;
				failures.add(Map.entry(start + elapsed,
						ErrorKind.of(optional(record, "responseCode"), optional(record, "responseMessage"))));
			}
			String engine = (counts != null) ? engineOf(record.get("threadName"), engines) : "";
			if (counts != null) {
				counts.merge(engine, 1L, Long::sum);
			}
			bounds.merge(engine, new long[] { start, start + elapsed, start }, (was, now) -> new long[] {
					Math.min(was[0], now[0]), Math.max(was[1], now[1]), Math.max(was[2], now[2]) });
		});
		ScheduledLatency scheduled = (intended.getTotalCount() > 0) ? ScheduledLatency.of(intended, lateness, late[0])
				: null;
		if (bounds.isEmpty()) {
			return new JtlAnalysis(LatencyStats.of(histogram), ThroughputStats.NONE, List.of(), errors[0], 0, 0, null,
					counts, Map.of(), ErrorsPerSecond.NONE, null);
		}
		// samples of no named engine count in the window, but do not bound it, unless
		// there are no others
		Map<String, long[]> named = new LinkedHashMap<>(bounds);
		named.remove(NO_ENGINE);
		Collection<long[]> windows = named.isEmpty() ? bounds.values() : named.values();
		long from = windows.stream().mapToLong((b) -> b[0]).max().getAsLong();
		long endsTo = windows.stream().mapToLong((b) -> b[1]).min().getAsLong();
		long startsTo = windows.stream().mapToLong((b) -> b[2]).min().getAsLong();
		EngineWindow window = (counts != null && !named.isEmpty())
				? EngineWindow.of(named.values().stream().map((b) -> new long[] { b[0], b[1] }).toList()) : null;
		return new JtlAnalysis(LatencyStats.of(histogram), ThroughputStats.of(wholeSeconds(spans, END, from, endsTo)),
				wholeSeconds(spans, START, from, startsTo), errors[0], from, Math.max(from, endsTo), window, counts,
				byKind(failures),
				errorsPerSecond(failures, bounds.values().stream().mapToLong((b) -> b[0]).min().getAsLong()),
				scheduled);
	}

	/**
	 * Counts failed samples per kind.
	 * @param failures end and kind of each failed sample
	 * @return samples per kind, the most frequent first
	 */
	private static Map<String, Long> byKind(List<Map.Entry<Long, String>> failures) {
		Map<String, Long> counts = new LinkedHashMap<>();
		failures.forEach((failure) -> counts.merge(failure.getValue(), 1L, Long::sum));
		return ErrorKind.sorted(counts);
	}

	/**
	 * Counts failed samples per kind and per second.
	 * @param failures end and kind of each failed sample
	 * @param fromMs the first second's start (ms since the epoch)
	 * @return the counts, every kind over the same seconds, up to the last failure's end
	 */
	static ErrorsPerSecond errorsPerSecond(List<Map.Entry<Long, String>> failures, long fromMs) {
		if (failures.isEmpty()) {
			return ErrorsPerSecond.NONE;
		}
		long last = failures.stream().mapToLong(Map.Entry::getKey).max().getAsLong();
		int seconds = (int) (Math.max(0, last - fromMs) / 1000) + 1;
		Map<String, int[]> counts = new LinkedHashMap<>();
		byKind(failures).keySet().forEach((kind) -> counts.put(kind, new int[seconds]));
		for (Map.Entry<Long, String> failure : failures) {
			counts.get(failure.getValue())[(int) (Math.max(0, failure.getKey() - fromMs) / 1000)]++;
		}
		Map<String, List<Integer>> byKind = new LinkedHashMap<>();
		counts.forEach((kind, perSecond) -> byKind.put(kind, Arrays.stream(perSecond).boxed().toList()));
		return new ErrorsPerSecond(fromMs, byKind);
	}

	/**
	 * Reads a column that older or hand-made JTLs may lack.
	 * @return its value, {@code null} when the file has no such column
	 */
	private static String optional(CSVRecord record, String column) {
		return record.isSet(column) ? record.get(column) : null;
	}

	/**
	 * Returns a sample's intended send time: its {@code scheduledMs} column, absent from
	 * the JTLs of the closed models or empty there (JMeter writes the column for every
	 * sample once {@code sample_variables} names it).
	 * @return ms since the epoch, {@code null} without one
	 */
	private static Long scheduledMs(CSVRecord record) {
		String value = record.isMapped(SCHEDULED) ? record.get(SCHEDULED) : null;
		return (value == null || value.isEmpty() || "null".equals(value)) ? null : Long.valueOf(value);
	}

	/** Records a duration within the histogram's range (ms; negative as 0). */
	private static long clamp(long ms) {
		return Math.min(Math.max(0, ms), MAX_TRACKED_MS);
	}

	/**
	 * Reads every sample (row) of a JTL file.
	 * @param jtl the file (CSV with a header, JMeter's default fields)
	 * @param columns the columns the caller reads
	 * @param sample called with each sample, in file order
	 * @throws UncheckedIOException when the file cannot be read, lacks a column or has a
	 * number that is not one
	 */
	public static void forEachSample(Path jtl, List<String> columns, Consumer<CSVRecord> sample) {
		parse(jtl, columns, sample);
	}

	/**
	 * Counts the samples of each remote engine in a JTL of JMeter's remote testing: a
	 * remote engine's thread names start with the address the controller named it by
	 * ({@code 127.0.0.2:1099-composite-sequential 1-3}), whatever its host name (the
	 * {@code hostname} column, the same for engines on one machine).
	 * @param jtl the file (CSV with a header and the {@code threadName} column)
	 * @param engines the engines' {@code host:port}
	 * @return samples per engine, in the given order; samples of no engine under
	 * {@value #NO_ENGINE} when there are any
	 * @throws UncheckedIOException when the file cannot be read or lacks the column
	 */
	public static Map<String, Long> samplesPerEngine(Path jtl, List<String> engines) {
		Map<String, Long> counts = new LinkedHashMap<>();
		engines.forEach((engine) -> counts.put(engine, 0L));
		forEachSample(jtl, List.of("threadName"),
				(record) -> counts.merge(engineOf(record.get("threadName"), engines), 1L, Long::sum));
		return counts;
	}

	/**
	 * Names the engine of a sample by its thread's name.
	 * @return the engine's {@code host:port}, {@value #NO_ENGINE} when none matches
	 */
	private static String engineOf(String thread, List<String> engines) {
		return engines.stream().filter((address) -> thread.startsWith(address + "-")).findFirst().orElse(NO_ENGINE);
	}

	private static void parse(Path jtl, List<String> columns, Consumer<CSVRecord> sample) {
		CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
		try (Reader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8);
				CSVParser parser = CSVParser.parse(reader, format)) {
			if (!parser.getHeaderNames().containsAll(columns)) {
				throw new IOException("not a CSV JTL with " + phrase(columns) + " columns: " + parser.getHeaderNames());
			}
			parser.forEach(sample);
		}
		catch (IOException | NumberFormatException ex) {
			throw new UncheckedIOException("Could not read the JTL " + jtl + ": " + ex.getMessage(),
					(ex instanceof IOException io) ? io : new IOException(ex));
		}
	}

	/**
	 * Lists names as a phrase.
	 * @return e.g. {@code timeStamp, elapsed and success}
	 */
	private static String phrase(List<String> names) {
		return (names.size() < 2) ? String.join("", names)
				: String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
	}

	/**
	 * Counts the samples ending in each whole second after the first sample's start.
	 * @param spans start and end of each sample (ms since the epoch)
	 * @return the counts of the whole seconds, the last partial second left out
	 */
	static List<Integer> perSecond(List<long[]> spans) {
		return wholeSeconds(spans, END);
	}

	/**
	 * Counts the samples starting in each whole second after the first sample's start.
	 * @param spans start and end of each sample (ms since the epoch)
	 * @return the counts of the whole seconds up to the last start, the last partial
	 * second left out
	 */
	static List<Integer> startsPerSecond(List<long[]> spans) {
		return wholeSeconds(spans, START);
	}

	/**
	 * Counts one edge (start or end) of the samples in each whole second after the first
	 * sample's start, up to the last such edge.
	 */
	private static List<Integer> wholeSeconds(List<long[]> spans, int edge) {
		if (spans.isEmpty()) {
			return List.of();
		}
		return wholeSeconds(spans, edge, spans.stream().mapToLong((span) -> span[START]).min().getAsLong(),
				spans.stream().mapToLong((span) -> span[edge]).max().getAsLong());
	}

	/**
	 * Counts one edge (start or end) of the samples in each whole second from
	 * {@code from}; only the whole seconds up to {@code to} (the last partial second left
	 * out, and every edge outside them).
	 * @param spans start and end of each sample (ms since the epoch)
	 * @param edge {@link #START} or {@link #END}
	 * @param from the first second's start (ms since the epoch)
	 * @param to the window's end (ms since the epoch)
	 * @return the count of each whole second, in order
	 */
	static List<Integer> wholeSeconds(List<long[]> spans, int edge, long from, long to) {
		int seconds = (int) (Math.max(0, to - from) / 1000);
		int[] counts = new int[seconds];
		for (long[] span : spans) {
			long offset = span[edge] - from;
			if (offset >= 0 && offset < seconds * 1000L) {
				counts[(int) (offset / 1000)]++;
			}
		}
		return Arrays.stream(counts).boxed().toList();
	}

}
