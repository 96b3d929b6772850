package dev.twinstack.bench.faults;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.bench.load.ErrorKind;
import dev.twinstack.bench.load.JtlAnalysis;
import dev.twinstack.bench.load.LatencyStats;
import org.HdrHistogram.Histogram;

/**
 * The samples of one fault run, from its JMeter JTL (CSV, JMeter's default fields): the
 * statuses seen and the response times of the successful and of the failed requests, each
 * in an HdrHistogram read by {@link LatencyStats} as {@link JtlAnalysis} does.
 *
 * @param statuses samples per HTTP status (e.g. {@code 201}, {@code 502}) or, for a
 * request without one, per kind of failure ({@link ErrorKind}: {@code timeout},
 * {@code reset}, …), sorted
 * @param succeeded response times of the successful samples (ms)
 * @param failed response times of the failed samples (ms)
 * @param faultedIds samples whose customer id (the URL's last number) ends in
 * {@link FaultInjector#FAULTED_DIGIT}: the requests a 10 % fault hits; -1 when the JTL
 * has no {@code URL} column
 */
public record FaultSamples(Map<String, Long> statuses, LatencyStats succeeded, LatencyStats failed, long faultedIds) {

	/**
	 * The last number of a URL's path: {@code /profiles/12347?fanout=sequential} → 12347.
	 */
	private static final Pattern LAST_ID = Pattern.compile("(\\d+)(?:\\?.*)?$");

	/**
	 * Reads a JTL file.
	 * @param jtl the file
	 * @return the samples
	 * @throws UncheckedIOException when it cannot be read or lacks the columns
	 * {@code elapsed}, {@code responseCode} and {@code success}
	 */
	public static FaultSamples read(Path jtl) {
		Histogram succeeded = new Histogram(JtlAnalysis.MAX_TRACKED_MS, 3);
		Histogram failed = new Histogram(JtlAnalysis.MAX_TRACKED_MS, 3);
		Map<String, Long> statuses = new TreeMap<>();
		long[] faultedIds = { 0 };
		boolean[] urls = { true };
		JtlAnalysis.forEachSample(jtl, List.of("elapsed", "responseCode", "success"), (record) -> {
			long elapsed = Math.min(Math.max(0, Long.parseLong(record.get("elapsed"))), JtlAnalysis.MAX_TRACKED_MS);
			boolean success = Boolean.parseBoolean(record.get("success"));
			(success ? succeeded : failed).recordValue(elapsed);
			statuses.merge(ErrorKind.statusOrKind(record.get("responseCode"),
					record.isSet("responseMessage") ? record.get("responseMessage") : null), 1L, Long::sum);
			urls[0] &= record.isMapped("URL");
			if (urls[0] && isFaultedId(record.get("URL"))) {
				faultedIds[0]++;
			}
		});
		return new FaultSamples(statuses, LatencyStats.of(succeeded), LatencyStats.of(failed),
				urls[0] ? faultedIds[0] : -1);
	}

	/**
	 * Tells whether a request's customer id ends in {@link FaultInjector#FAULTED_DIGIT}.
	 * @param url the sample's URL, e.g.
	 * {@code http://127.0.0.1:8080/profiles/12347?fanout=sequential}
	 * @return {@code true} when its last number ends in that digit
	 */
	static boolean isFaultedId(String url) {
		Matcher id = LAST_ID.matcher(url);
		return id.find() && id.group(1).endsWith(String.valueOf(FaultInjector.FAULTED_DIGIT));
	}

	/**
	 * Returns the number of samples.
	 * @return successes and failures
	 */
	public long requests() {
		return this.succeeded.samples() + this.failed.samples();
	}

	/**
	 * Returns the number of samples with a status.
	 * @param status e.g. 201
	 * @return the count
	 */
	public long count(int status) {
		return this.statuses.getOrDefault(String.valueOf(status), 0L);
	}

}
