package dev.twinstack.bench.load;

import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.process.BenchException;

/**
 * What one {@link WrkLoad} run measured, from the JSON line its Lua script prints.
 * Latencies are wrk's own histogram of the responses received within its
 * {@code --timeout}, so requests still in flight at the end or timed out are in none of
 * them.
 *
 * @param requests responses received, whatever their status (wrk's count)
 * @param non2xx responses with a status of 400 or more (what wrk prints as "Non-2xx or
 * 3xx responses": it counts status &gt; 399)
 * @param socketErrors connect, read and write errors and timeouts, all together
 * @param seconds how long the load ran, as wrk measured it; for a drained run, its
 * measured window (s)
 * @param throughput responses received per second, {@code requests / seconds}; for a
 * drained run, the responses completed within the window over the window (req/s)
 * @param p50Ms median latency (ms)
 * @param p99Ms 99th percentile of the latency (ms)
 * @param p999Ms 99.9th percentile of the latency (ms)
 * @param maxMs longest latency (ms)
 * @param meanMs mean latency (ms)
 * @param commandLine wrk's command line, quoted so it can be pasted into a POSIX shell
 */
public record WrkResult(long requests, long non2xx, long socketErrors, double seconds, double throughput, double p50Ms,
		double p99Ms, double p999Ms, double maxMs, double meanMs, String commandLine) {

	/** What starts the Lua script's JSON line in wrk's output. */
	static final String MARKER = "WRK-JSON ";

	private static final ObjectMapper mapper = new ObjectMapper();

	/**
	 * Returns the responses with a status below 400: for the composite workload (whose
	 * only success is 201) the writes the app acknowledged, to compare with the documents
	 * stored.
	 * @return {@code requests - non2xx}
	 */
	public long acknowledged() {
		return this.requests - this.non2xx;
	}

	/**
	 * Returns a one-line summary for the console.
	 * @return e.g. {@code wrk: 12345 requests in 30.0 s = 411.5 req/s, p50 326.1 ms, p99
	 * 402.3 ms, non-2xx 0, socket errors 0}
	 */
	public String summary() {
		return String.format(Locale.ROOT,
				"wrk: %d requests in %.1f s = %.1f req/s, p50 %.1f ms, p99 %.1f ms, non-2xx %d, socket errors %d",
				this.requests, this.seconds, this.throughput, this.p50Ms, this.p99Ms, this.non2xx, this.socketErrors);
	}

	/**
	 * Reads the Lua script's JSON line from wrk's output: {@value #MARKER} then
	 * <pre>{"requests":N,"sent":N,"durationUs":N,"bytes":N,
	 *  "errors":{"connect":N,"read":N,"write":N,"status":N,"timeout":N},
	 *  "latencyUs":{"p50":N,"p90":N,"p99":N,"p999":N,"max":N,"mean":X},"threads":N
	 *  [,"measured":N,"windowUs":N]}</pre> (durations in µs; the last two for a drained
	 * run); the last such line counts.
	 * @param output wrk's stdout and stderr
	 * @param commandLine wrk's command line, kept in the result
	 * @return what wrk measured
	 * @throws BenchException when the output has no JSON line, or the line lacks a number
	 */
	static WrkResult parse(String output, String commandLine) {
		String json = output.lines()
			.filter((line) -> line.contains(MARKER))
			.reduce((first, second) -> second)
			.map((line) -> line.substring(line.indexOf(MARKER) + MARKER.length()))
			.orElseThrow(() -> new BenchException("wrk printed no '" + MARKER.strip() + "' line (is " + WrkLoad.SCRIPT
					+ " the script it ran?); its output ends with:\n" + WrkLoad.lastLines(output)));
		JsonNode line;
		try {
			line = mapper.readTree(json);
		}
		catch (JsonProcessingException ex) {
			throw new BenchException("wrk's JSON line is not JSON (" + ex.getOriginalMessage() + "): " + json, ex);
		}
		long requests = (long) number(line, json, "requests");
		// a drained run: the throughput over its window, the responses after it left out
		boolean windowed = line.has("windowUs");
		double seconds = number(line, json, windowed ? "windowUs" : "durationUs") / 1e6;
		long counted = windowed ? (long) number(line, json, "measured") : requests;
		long non2xx = (long) number(line, json, "errors", "status");
		long socketErrors = (long) (number(line, json, "errors", "connect") + number(line, json, "errors", "read")
				+ number(line, json, "errors", "write") + number(line, json, "errors", "timeout"));
		double throughput = (seconds > 0) ? counted / seconds : 0;
		return new WrkResult(requests, non2xx, socketErrors, seconds, throughput, millis(line, json, "p50"),
				millis(line, json, "p99"), millis(line, json, "p999"), millis(line, json, "max"),
				millis(line, json, "mean"), commandLine);
	}

	private static double millis(JsonNode line, String json, String latency) {
		return number(line, json, "latencyUs", latency) / 1000;
	}

	private static double number(JsonNode line, String json, String... path) {
		JsonNode node = line;
		for (String field : path) {
			node = node.path(field);
		}
		if (!node.isNumber()) {
			throw new BenchException("wrk's JSON line has no number " + String.join(".", path) + ": " + json);
		}
		return node.asDouble();
	}

}
