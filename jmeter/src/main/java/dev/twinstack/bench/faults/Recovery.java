package dev.twinstack.bench.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;

/**
 * How an app came back once a fault was lifted: one request at a time
 * ({@code POST /profiles/<id ending in 7>}, the ids the 10 % share hit), each followed by
 * a reading of its {@link AppGauges}, until a request succeeds (201) and the gauges are
 * back to their pre-fault values at the same time, or the limit runs out.
 *
 * @param firstSuccessMs from the lift to the first 201 (ms, the request's own time
 * included), {@code null} when none came
 * @param recoveredMs from the lift to a 201 with the gauges back (ms), {@code null} when
 * it did not happen within the limit
 * @param before the gauges before the fault
 * @param after the last gauges read
 * @param probes requests sent
 */
public record Recovery(Long firstSuccessMs, Long recoveredMs, AppGauges before, AppGauges after, int probes) {

	/** Pause between two probes (ms). */
	public static final long POLL_MS = 100;

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	/**
	 * Probes the app until it has recovered or the limit runs out.
	 * @param app the app
	 * @param before its gauges before the fault
	 * @param requestIdPrefix prefix of the probes' {@code X-Request-Id} (not the run's,
	 * so they are not counted as its stored documents)
	 * @param limit the longest wait
	 * @return the recovery
	 */
	static Recovery measure(AppProcess app, AppGauges before, String requestIdPrefix, Duration limit) {
		long start = System.nanoTime();
		long deadline = start + limit.toNanos();
		Long firstSuccess = null;
		AppGauges after = before;
		int probes = 0;
		while (true) {
			probes++;
			int status = post(app, probes * 10L + FaultInjector.FAULTED_DIGIT, requestIdPrefix + "-" + probes);
			long now = System.nanoTime();
			if (status == 201 && firstSuccess == null) {
				firstSuccess = (now - start) / 1_000_000;
			}
			after = AppGauges.read(app);
			if (status == 201 && after.backTo(before)) {
				return new Recovery(firstSuccess, (System.nanoTime() - start) / 1_000_000, before, after, probes);
			}
			if (System.nanoTime() > deadline) {
				return new Recovery(firstSuccess, null, before, after, probes);
			}
			sleep(POLL_MS);
		}
	}

	private static int post(AppProcess app, long customerId, String requestId) {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create(app.baseUri() + "profiles/" + customerId + "?fanout=sequential"))
			.header("X-Request-Id", requestId)
			.timeout(REQUEST_TIMEOUT)
			.POST(HttpRequest.BodyPublishers.noBody())
			.build();
		try {
			return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			return -1;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted while probing " + app.stack().id(), ex);
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BenchException("interrupted while probing", ex);
		}
	}

}
