package dev.twinstack.bench.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.twinstack.bench.load.engine.LoadGenerator;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Runs the scenario plans in embedded JMeter against a small local HTTP server that
 * answers like the apps' scenario endpoints.
 */
class ScenarioPlanTests {

	private HttpServer server;

	private final AtomicInteger requests = new AtomicInteger();

	private final Map<String, AtomicInteger> paths = new ConcurrentHashMap<>();

	private final Map<String, Boolean> requestIds = new ConcurrentHashMap<>();

	/** How long the server takes per request (ms). */
	private volatile long delayMs;

	/**
	 * Requests in flight at the server after each arrival and departure, in the order
	 * they happened: {@code [nanoTime, in flight]}.
	 */
	private final List<long[]> inFlight = new ArrayList<>();

	private int inFlightNow;

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
		this.server.setExecutor(Executors.newFixedThreadPool(60));
		this.server.createContext("/", this::answer);
		this.server.start();
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
	}

	private void answer(HttpExchange exchange) throws IOException {
		this.requests.incrementAndGet();
		changeInFlight(1);
		if (this.delayMs > 0) {
			try {
				Thread.sleep(this.delayMs);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		// counted out before the answer is sent: the client's next request cannot arrive
		// before, so one client never counts twice
		changeInFlight(-1);
		String path = exchange.getRequestURI().getPath();
		this.paths
			.computeIfAbsent(exchange.getRequestMethod() + " " + path.replaceAll("/\\d+", "/{id}"),
					(key) -> new AtomicInteger())
			.incrementAndGet();
		this.requestIds.put(exchange.getRequestHeaders().getFirst("X-Request-Id"), true);
		int status = path.startsWith("/profiles/") ? 201 : path.contains("/slow-io/") ? 500 : 200;
		// headers only, in one write: the JDK server leaves Nagle's algorithm on, so a
		// body written after the headers waits for the client's delayed ACK (40 to 100 ms
		// between an answer and the client's next request, measured)
		exchange.sendResponseHeaders(status, -1);
		exchange.close();
	}

	private synchronized void changeInFlight(int change) {
		this.inFlightNow += change;
		this.inFlight.add(new long[] { System.nanoTime(), this.inFlightNow });
	}

	/** The server's arrival times (nanoTime), in order. */
	private synchronized List<Long> arrivals() {
		List<Long> arrivals = new ArrayList<>();
		int previous = 0;
		for (long[] event : this.inFlight) {
			if (event[1] > previous) {
				arrivals.add(event[0]);
			}
			previous = (int) event[1];
		}
		return arrivals;
	}

	/** The most requests that were in flight at the server at once. */
	private synchronized int peakInFlight() {
		return this.inFlight.stream().mapToInt((event) -> (int) event[1]).max().orElse(0);
	}

	/** How long the server had at least {@code concurrency} requests in flight. */
	private synchronized Duration timeWithInFlight(int concurrency) {
		long nanos = 0;
		for (int i = 0; i + 1 < this.inFlight.size(); i++) {
			if (this.inFlight.get(i)[1] >= concurrency) {
				nanos += this.inFlight.get(i + 1)[0] - this.inFlight.get(i)[0];
			}
		}
		return Duration.ofNanos(nanos);
	}

	/**
	 * The time from the first moment the server had {@code concurrency} requests in
	 * flight to the last.
	 */
	private synchronized Duration spanWithInFlight(int concurrency) {
		long first = -1;
		long last = -1;
		for (int i = 0; i + 1 < this.inFlight.size(); i++) {
			if (this.inFlight.get(i)[1] >= concurrency) {
				first = (first < 0) ? this.inFlight.get(i)[0] : first;
				last = this.inFlight.get(i + 1)[0];
			}
		}
		return Duration.ofNanos(last - first);
	}

	private String baseUri() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	@Test
	void aDistributedPlanCarriesOneEnginesShareOfTheThreadsAndNumberedRequestIds(@TempDir Path runDir)
			throws IOException {
		// long enough for the two threads to overlap
		this.delayMs = 200;
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), Workload.CPU_LIGHT, LoadModel.COUNT, 4, 0, 40,
				Duration.ZERO, Duration.ZERO, "td");
		// what one of two engines runs: half the threads, each sending its 10 requests
		TestPlanStats stats = LoadGenerator.run(
				ScenarioPlan.distributed(run, runDir, List.of("127.0.0.2:1099", "127.0.0.3:1099")),
				ScenarioPlan.ENGINE_PROPERTIES);
		assertThat(stats.overall().samplesCount()).isEqualTo(20);
		assertThat(stats.overall().errorsCount()).isZero();
		assertThat(peakInFlight()).isEqualTo(2);
		// outside a remote engine the engine's number is 0; the ids stay distinct
		assertThat(this.requestIds.keySet()).hasSize(20).allMatch((id) -> id.matches("td-0-\\d+"));
		assertThat(Files.readAllLines(runDir.resolve("samples.jtl")).get(0)).contains("threadName", "Hostname");
	}

	@Test
	void anEnginesNumberIsItsAddressesPlaceInTheList() {
		assertThat(ScenarioPlan.engineNumber(List.of("127.0.0.2:1099", "load-2:1099")))
			.isEqualTo("${__groovy('127.0.0.2:1099 load-2:1099'.split(' ').toList()"
					+ ".indexOf(props.get('__jm.D_TG')) + 1)}");
	}

	@Test
	void countModelSendsTheRequestedNumberOfRequestsLikeAb() {
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), Workload.CPU_LIGHT, LoadModel.COUNT, 4, 0, 40,
				Duration.ZERO, Duration.ZERO, "t1");
		TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
		assertThat(stats.overall().samplesCount()).isEqualTo(40);
		assertThat(stats.overall().errorsCount()).isZero();
		assertThat(this.paths).containsOnlyKeys("GET /scenarios/cpu-light");
		assertThat(this.requestIds).hasSize(40).allSatisfy((id, seen) -> assertThat(id).matches("t1-\\d+"));
	}

	/**
	 * 20 clients of the count model, 2 requests each, against a server that takes 300 ms
	 * a request: like {@code ab -n 40 -c 20}, every client sends its first request at
	 * once, so the first 20 arrivals (each client's first: its second cannot come before
	 * 300 ms) lie within a short window. A 1 s ramp-up (the model's former one) spread
	 * them over 950 ms; JMeter starting 20 threads takes a few milliseconds, 200 ms
	 * leaves room for a busy machine.
	 */
	@Test
	void countModelStartsAllItsThreadsAtOnce() {
		this.delayMs = 300;
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), Workload.CPU_LIGHT, LoadModel.COUNT, 20, 0, 40,
				Duration.ZERO, Duration.ZERO, "t7");
		TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
		assertThat(stats.overall().samplesCount()).isEqualTo(40);
		assertThat(peakInFlight()).as("most requests in flight at once").isEqualTo(20);
		List<Long> firstArrivals = arrivals().subList(0, 20);
		assertThat(Duration.ofNanos(firstArrivals.get(19) - firstArrivals.get(0))).as("first 20 arrivals' spread")
			.isLessThan(Duration.ofMillis(200));
	}

	@Test
	void countModelRefusesARampUp() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ScenarioPlan.Run(baseUri(), Workload.CPU_LIGHT, LoadModel.COUNT, 20, 0, 40,
					Duration.ofSeconds(1), Duration.ZERO, "t8"))
			.withMessage("the count model starts all its threads at once, like ab -n -c: its ramp-up must be 0 s, "
					+ "not 1.0 s");
	}

	/**
	 * 3 clients, 1 s ramp-up, 2 s hold, against a server that takes 300 ms a request and
	 * counts the requests in flight. Never more than 3 are in flight. All 3 are from the
	 * last client's start (2/3 of the ramp-up) to the end of the schedule (3 s), plus up
	 * to one answer (300 ms): a span of 2.33 s to 2.63 s (2.43 s to 2.52 s measured here
	 * with both cores busy). Between 1.8 s and 3.2 s leaves half a second each way for a
	 * loaded machine; a plan with half the hold spans at most 1.63 s, one with twice the
	 * hold at least 4 s. Within the span all 3 are in flight but for the moments between
	 * an answer and a client's next request (3 to 7 ms in 300 here; 83 % of the span with
	 * both cores busy): more than half of it even when a loaded machine turns requests
	 * around ten times slower, less for a plan with think time.
	 */
	@Test
	void closedModelHoldsItsConcurrencyForTheDuration() {
		this.delayMs = 300;
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), Workload.COMPOSITE_PARALLEL, LoadModel.CLOSED, 3, 0, 0,
				Duration.ofSeconds(1), Duration.ofSeconds(2), "t2");
		long start = System.nanoTime();
		TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
		assertThat((System.nanoTime() - start) / 1e9).isBetween(3.0, 15.0);
		assertThat(peakInFlight()).as("most requests in flight at once").isEqualTo(3);
		Duration span = spanWithInFlight(3);
		assertThat(span).as("span with 3 requests in flight")
			.isBetween(Duration.ofMillis(1800), Duration.ofMillis(3200));
		assertThat(timeWithInFlight(3)).as("time with 3 requests in flight").isGreaterThan(span.dividedBy(2));
		assertThat(stats.overall().samplesCount()).isEqualTo(this.requests.get());
		assertThat(stats.overall().errorsCount()).isZero();
		assertThat(this.paths).containsOnlyKeys("POST /profiles/{id}");
	}

	/**
	 * 50 req/s for 4 s (1 s of ramp-up that starts at the rate, 3 s of hold): the arrival
	 * timer spaces the schedule's 200 arrivals evenly and sends each once; the rate, as
	 * the bench judges it ({@link OpenModel#arrivalRate}: the median of the hold's
	 * seconds, from the first arrival at the server), within 5 % either way (a starved
	 * JMeter thread wakes late).
	 */
	@Test
	void openModelKeepsTheRequestedRate() {
		TestPlanStats stats = openRun(Workload.LARGE_PAYLOAD_COPY, 5, "t3");
		long requests = stats.overall().samplesCount();
		List<Long> arrivals = arrivals();
		List<Integer> perSecond = new ArrayList<>();
		for (int second = 0; second < 4; second++) {
			long from = arrivals.get(0) + second * 1_000_000_000L;
			perSecond.add((int) arrivals.stream().filter((at) -> at >= from && at < from + 1_000_000_000L).count());
		}
		assertThat(requests).as("requests, arrivals a second %s", perSecond)
			.isEqualTo(this.requests.get())
			.isEqualTo(200);
		assertThat(OpenModel.arrivalRate(perSecond, 1)).as("arrival rate in the hold, arrivals a second %s", perSecond)
			.isBetween(OpenModel.ACHIEVED_SHARE * 50, (2 - OpenModel.ACHIEVED_SHARE) * 50);
		assertThat(this.paths).containsOnlyKeys("GET /scenarios/large-payload");
	}

	@Test
	void openModelStartsWithTheThreadsTheRateNeeds() {
		// 50 req/s × 400 ms = 20 requests in flight: the pool's threads all start at once
		this.delayMs = 400;
		TestPlanStats stats = openRun(Workload.CPU_LIGHT, 400, "t5");
		// the schedule's 200 arrivals, each sent once
		assertThat(stats.overall().samplesCount()).isEqualTo(200);
	}

	@Test
	void openModelRecordsTheRequestsInFlightWhenItsScheduleEnds() {
		// 50 req/s × 1 s: about 50 requests are in flight when the schedule ends. The
		// former rps group ended the test without them (45 of 237 samples lost in a
		// run); the timer lets each thread finish its request: samples == requests
		this.delayMs = 1000;
		TestPlanStats stats = openRun(Workload.SLOW_IO, 1000, "t6");
		assertThat(stats.overall().samplesCount()).isEqualTo(this.requests.get()).isEqualTo(200);
		assertThat(this.requestIds).hasSize(this.requests.get());
	}

	@Test
	void openModelSendsFromItsFirstSecond() {
		// 50 req/s after 2 s of ramp-up: the ramp starts at 25 req/s and rises linearly
		this.delayMs = 20;
		openRun(Workload.SLOW_IO, 20, Duration.ofSeconds(2), "t7");
		List<Long> arrivals = arrivals();
		long first = arrivals.get(0);
		long inFirstSecond = arrivals.stream().filter((at) -> at - first < 1_000_000_000L).count();
		// the ramp's first second: 25 + 12.5 / 2 = 31 arrivals; more when a fresh
		// JMeter's first arrivals are sent late, then on schedule
		assertThat(inFirstSecond).as("requests in the first second of a ramp from 25 req/s").isBetween(25L, 62L);
	}

	/**
	 * Runs the open model at 50 req/s: 1 s ramp-up, 3 s hold, threads sized for the
	 * expected latency.
	 */
	private TestPlanStats openRun(Workload workload, double expectedLatencyMs, String runId) {
		return openRun(workload, expectedLatencyMs, Duration.ofSeconds(1), runId);
	}

	private TestPlanStats openRun(Workload workload, double expectedLatencyMs, Duration rampUp, String runId) {
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), workload, LoadModel.OPEN,
				OpenModel.maxThreads(50, expectedLatencyMs), 50, 0, rampUp, Duration.ofSeconds(3), runId);
		return LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
	}

	@Test
	void anyStatusButTheExpectedOneIsAnError() {
		ScenarioPlan.Run run = new ScenarioPlan.Run(baseUri(), Workload.SLOW_IO, LoadModel.COUNT, 2, 0, 6,
				Duration.ZERO, Duration.ZERO, "t4");
		TestPlanStats stats = LoadGenerator.run(ScenarioPlan.plan(run), ScenarioPlan.ENGINE_PROPERTIES);
		assertThat(stats.overall().samplesCount()).isEqualTo(6);
		assertThat(stats.overall().errorsCount()).isEqualTo(6);
	}

}
