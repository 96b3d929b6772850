package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads every sample of a JMeter JTL file (CSV with a header, JMeter's default format:
 * {@code timeStamp} = start in ms since the epoch, {@code elapsed} in ms,
 * {@code success}) into a latency histogram, per-second throughput counts and per-second
 * arrival counts.
 *
 * @param latency the response times of all samples
 * @param throughput the requests completed per whole second
 * @param startsPerSecond the requests started in each whole second from the first start
 * to the last (the open model's arrivals; the last, partial second left out)
 * @param errors samples whose {@code success} is {@code false}
 * @param firstStartMs the first sample's start (ms since the epoch), 0 without samples
 * @param lastEndMs the last sample's end (ms since the epoch), 0 without samples
 */
public record JtlAnalysis(LatencyStats latency, ThroughputStats throughput, List<Integer> startsPerSecond, long errors,
		long firstStartMs, long lastEndMs) {

	/** Longest response time recorded as such (ms); longer ones count as this. */
	public static final long MAX_TRACKED_MS = 3_600_000;

	/** Where {@link #samplesPerEngine} counts samples of no named engine. */
	public static final String NO_ENGINE = "other";

	/** Index of a sample's start in a span. */
	private static final int START = 0;

	/** Index of a sample's end in a span. */
	private static final int END = 1;

	/**
	 * Reads a JTL file.
	 * @param jtl the file
	 * @return the analysis
	 * @throws UncheckedIOException when the file cannot be read or lacks the columns
	 * {@code timeStamp}, {@code elapsed} and {@code success}
	 */
	public static JtlAnalysis read(Path jtl) {
		Histogram histogram = new Histogram(MAX_TRACKED_MS, 3);
		List<long[]> spans = new ArrayList<>();
		long errors = 0;
		CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
		try (Reader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8);
				CSVParser parser = CSVParser.parse(reader, format)) {
			if (!parser.getHeaderNames().containsAll(List.of("timeStamp", "elapsed", "success"))) {
				throw new IOException(
						"not a CSV JTL with timeStamp, elapsed and success columns: " + parser.getHeaderNames());
			}
			for (CSVRecord record : parser) {
				long start = Long.parseLong(record.get("timeStamp"));
				long elapsed = Long.parseLong(record.get("elapsed"));
				histogram.recordValue(Math.min(Math.max(0, elapsed), MAX_TRACKED_MS));
				spans.add(new long[] { start, start + elapsed });
				if (!Boolean.parseBoolean(record.get("success"))) {
					errors++;
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			throw new UncheckedIOException("Could not read the JTL " + jtl + ": " + ex.getMessage(),
					(ex instanceof IOException io) ? io : new IOException(ex));
		}
		return new JtlAnalysis(LatencyStats.of(histogram), ThroughputStats.of(perSecond(spans)), startsPerSecond(spans),
				errors, spans.stream().mapToLong((span) -> span[0]).min().orElse(0),
				spans.stream().mapToLong((span) -> span[1]).max().orElse(0));
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
		CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
		try (Reader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8);
				CSVParser parser = CSVParser.parse(reader, format)) {
			if (!parser.getHeaderNames().containsAll(columns)) {
				throw new IOException("not a CSV JTL with the columns " + columns + ": " + parser.getHeaderNames());
			}
			parser.forEach(sample);
		}
		catch (IOException | NumberFormatException ex) {
			throw new UncheckedIOException("Could not read the JTL " + jtl + ": " + ex.getMessage(),
					(ex instanceof IOException io) ? io : new IOException(ex));
		}
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
		forEachSample(jtl, List.of("threadName"), (record) -> {
			String thread = record.get("threadName");
			String engine = engines.stream()
				.filter((address) -> thread.startsWith(address + "-"))
				.findFirst()
				.orElse(NO_ENGINE);
			counts.merge(engine, 1L, Long::sum);
		});
		return counts;
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
		long first = spans.stream().mapToLong((span) -> span[START]).min().getAsLong();
		long last = spans.stream().mapToLong((span) -> span[edge]).max().getAsLong();
		int seconds = (int) ((last - first) / 1000);
		int[] counts = new int[seconds + 1];
		for (long[] span : spans) {
			counts[(int) ((span[edge] - first) / 1000)]++;
		}
		return Arrays.stream(counts, 0, seconds).boxed().toList();
	}

}
