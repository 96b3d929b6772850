package dev.twinstack.bench.load;

import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.settings.BenchSettings;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion.TargetField;
import us.abstracta.jmeter.javadsl.core.listeners.JtlWriter;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The load plans of every workload and load model, with concrete values (the package
 * {@code dev.twinstack.bench.plans} exports the same requests, parameterised by JMeter
 * properties, as .jmx files). Every request carries {@code X-Request-Id: <runId>-<n>};
 * any status but the workload's expected one is an error; connect timeout 5 s, response
 * timeout 30 s.
 */
public final class ScenarioPlan {

	/**
	 * JMeter properties every scenario run needs: keep HTTP connections across thread
	 * iterations (JMeter resets them at each iteration by default, which the open model's
	 * iterating threads would otherwise pay for with a new TCP connection per request).
	 */
	public static final Map<String, String> ENGINE_PROPERTIES = Map
		.of("httpclient.reset_state_on_thread_group_iteration", "false");

	/** The variable holding an engine's number in the distributed plan. */
	static final String ENGINE_VARIABLE = "engine";

	private ScenarioPlan() {
	}

	/**
	 * What one run loads.
	 *
	 * @param baseUri the app's base URI, e.g. {@code http://127.0.0.1:41234}
	 * @param workload what each request does
	 * @param load the load model
	 * @param threads concurrent clients (closed models) or the most threads the open
	 * model may use
	 * @param rate arrival rate of the open model (req/s), 0 otherwise
	 * @param requests requests of the count model, 0 otherwise
	 * @param rampUp time over which the threads (or the rate) ramp up; zero for the count
	 * model, whose threads all start at once
	 * @param duration hold time after the ramp-up (closed and open models)
	 * @param runId prefix of every request's {@code X-Request-Id}
	 */
	public record Run(String baseUri, Workload workload, LoadModel load, int threads, int rate, int requests,
			Duration rampUp, Duration duration, String runId) {

		/**
		 * Checks the run: the count model takes no ramp-up. Like {@code ab -n -c}, whose
		 * clients send their first requests together, its threads all start at once, so
		 * that its time to complete N requests holds no ramp-up that the stacks do not
		 * control (seed 001's "time to complete" and seed 000's {@code ab} requests per
		 * second).
		 * @throws IllegalArgumentException for a count run with a ramp-up
		 */
		public Run {
			if (load == LoadModel.COUNT && !rampUp.isZero()) {
				throw new IllegalArgumentException("the count model starts all its threads at once, like ab -n -c: "
						+ "its ramp-up must be 0 s, not " + rampUp.toMillis() / 1000.0 + " s");
			}
		}

		/**
		 * Returns the requests each thread of the count model sends: the requested count
		 * spread over the threads, rounded up (so at least the requested count is sent).
		 * @return requests per thread
		 */
		int requestsPerThread() {
			return Math.max(1, (this.requests + this.threads - 1) / this.threads);
		}

		/**
		 * Returns the longest this run may take before the bench stops it: the ramp-up
		 * and the hold (count model: every request of a thread timing out), plus two
		 * response timeouts for the requests in flight and a minute for JMeter's start
		 * and dashboard.
		 * @return the limit
		 */
		public Duration timeLimit() {
			Duration load = (this.load == LoadModel.COUNT)
					? CompositePlan.CONNECT_TIMEOUT.plus(CompositePlan.RESPONSE_TIMEOUT)
						.multipliedBy(requestsPerThread())
					: this.duration;
			return this.rampUp.plus(load).plus(CompositePlan.RESPONSE_TIMEOUT.multipliedBy(2)).plusMinutes(1);
		}

	}

	/**
	 * Returns the load of one measured trial: {@link #rampUp(LoadModel)}, then the hold
	 * (closed, open) or the requests (count).
	 * @param settings the bench settings (duration, request count)
	 * @param baseUri the app's base URI, without a trailing slash
	 * @param cell the cell
	 * @param idealLatencyMs the cell's ideal latency, which sizes the open model's
	 * threads (ms)
	 * @param runId the trial's request id prefix
	 * @return the run
	 */
	public static Run trial(BenchSettings settings, String baseUri, Cell cell, double idealLatencyMs, String runId) {
		int threads = (cell.load() == LoadModel.OPEN) ? OpenModel.maxThreads(cell.rate(), idealLatencyMs)
				: cell.concurrency();
		return new Run(baseUri, cell.workload(), cell.load(), threads, cell.rate(),
				(cell.load() == LoadModel.COUNT) ? settings.requests(cell) : 0, rampUp(cell.load()),
				settings.duration(), runId);
	}

	/**
	 * Returns a measured trial's ramp-up: none for the count model (every thread starts
	 * at once, like {@code ab}), {@value CompositePlan#RAMP_UP_SECONDS} s otherwise.
	 * @param load the load model
	 * @return the ramp-up
	 */
	static Duration rampUp(LoadModel load) {
		return (load == LoadModel.COUNT) ? Duration.ZERO : Duration.ofSeconds(CompositePlan.RAMP_UP_SECONDS);
	}

	/**
	 * Builds the plan of a run, without listeners (warm-up, base latency).
	 * @param run what to load
	 * @return the plan
	 */
	public static DslTestPlan plan(Run run) {
		return plan(run, null);
	}

	/**
	 * Builds the plan of a run with a JTL file ({@code samples.jtl}, CSV) in the run
	 * folder (the dashboard is rendered from it after the run: {@link Dashboard}).
	 * @param run what to load
	 * @param runDir the run folder, {@code null} for no listeners
	 * @return the plan
	 */
	public static DslTestPlan plan(Run run, Path runDir) {
		return (runDir != null) ? lean(loadGroup(run), jtl(runDir)) : lean(loadGroup(run));
	}

	/**
	 * Builds the plan of a run whose JTL also keeps each sample's URL, for a run that
	 * counts the ids it sent (the fault runs count the requests a fault targets).
	 * @param run what to load
	 * @param runDir the run folder
	 * @return the plan
	 */
	public static DslTestPlan planWithUrls(Run run, Path runDir) {
		return lean(loadGroup(run), jtl(runDir).withUrl(true));
	}

	/**
	 * Builds the plan each of several remote engines runs whole (JMeter's remote
	 * testing): the run's threads (closed, count) or rate (open, with its most threads
	 * rounded up) divided by the number of engines, the JTL (written by the bench, with
	 * every engine's samples) naming each sample's host, and request ids
	 * {@code <runId>-<engine>-<n>}, the engine's number (1, 2, …, its place in
	 * {@code engines}) read on the engine from the address the bench named it by (JMeter
	 * prefixes its threads' names with it). Only elements that serialize: no Java lambda.
	 * @param run what to load, in total
	 * @param runDir the run folder
	 * @param engines the engines' {@code host:port}, as the bench names them; a closed or
	 * count run's threads divide evenly among them ({@code bench.engines} is checked
	 * where it is parsed)
	 * @return the plan
	 */
	public static DslTestPlan distributed(Run run, Path runDir, List<String> engines) {
		int count = engines.size();
		DslHttpSampler sampler = sampler(run.workload(), run.baseUri() + run.workload().path(),
				run.runId() + "-${" + ENGINE_VARIABLE + "}");
		return lean(vars().set(ENGINE_VARIABLE, engineNumber(engines)), loadGroup(run, count, sampler),
				jtl(runDir).withHostname(true));
	}

	/**
	 * Returns the JMeter expression of an engine's number, evaluated once on each engine
	 * at the start (a User Defined Variable): its address's place in the list, from 1.
	 * JMeter sets the property {@code __jm.D_TG} of a remote engine to the address the
	 * controller named it by.
	 * @param engines the engines' {@code host:port} (no spaces, quotes or commas)
	 * @return e.g. {@code ${__groovy('a:1 b:2'.split('
	 * ').toList().indexOf(props.get('__jm.D_TG')) + 1)}}
	 */
	static String engineNumber(List<String> engines) {
		return "${__groovy('" + String.join(" ", engines)
				+ "'.split(' ').toList().indexOf(props.get('__jm.D_TG')) + 1)}";
	}

	/**
	 * Builds a test plan without what a REST bench does not need: jmeter-java-dsl adds an
	 * HTTP cookie manager and an HTTP cache manager to every plan with an HTTP sampler
	 * unless told otherwise; the apps set no cookie and send no cache headers, so both
	 * would only cost the load generator CPU per request.
	 * @param children the plan's thread groups and listeners
	 * @return the plan
	 */
	public static DslTestPlan lean(TestPlanChild... children) {
		List<TestPlanChild> all = new ArrayList<>(List.of(httpCookies().disable(), httpCache().disable()));
		all.addAll(List.of(children));
		return testPlan(all.toArray(TestPlanChild[]::new));
	}

	/**
	 * The JTL writer of a run: {@code samples.jtl}, CSV with JMeter's default fields but
	 * the URL, data type and idle time, which neither the bench nor JMeter's dashboard
	 * reads, plus the open model's {@link ArrivalTimer#VARIABLES} (JMeter's
	 * {@code sample_variables}; empty for the closed models). The dashboard is rendered
	 * from this file once the run has ended ({@link Dashboard}), not by a second listener
	 * writing a second JTL during the load.
	 * @param runDir the run folder
	 * @return the listener
	 */
	static JtlWriter jtl(Path runDir) {
		return jtlWriter(runDir.toString(), "samples.jtl").withUrl(false)
			.withDataType(false)
			.withIdleTime(false)
			.withVariables(ArrivalTimer.VARIABLES.toArray(String[]::new));
	}

	/**
	 * Builds the plan of a warm-up: the run's closed load, counting every successful
	 * request as it completes (a Java lambda: this plan is never exported), without
	 * listeners.
	 * @param run what to load (closed model)
	 * @param successes incremented once per successful request
	 * @return the plan
	 */
	public static DslTestPlan counted(Run run, LongAdder successes) {
		DslHttpSampler sampler = sampler(run).children(jsr223PostProcessor((vars) -> {
			if (vars.prev.isSuccessful()) {
				successes.increment();
			}
		}));
		return lean(threadGroup(run.workload().id()).rampToAndHold(run.threads(), run.rampUp(), run.duration())
			.children(forLoopController("requests", -1, sampler)));
	}

	private static BaseThreadGroup<?> loadGroup(Run run) {
		return loadGroup(run, 1, sampler(run));
	}

	/**
	 * Builds the thread group of one of {@code engines} JMeter instances that share a
	 * run.
	 */
	private static BaseThreadGroup<?> loadGroup(Run run, int engines, DslHttpSampler sampler) {
		int threads = (run.threads() + engines - 1) / engines;
		return switch (run.load()) {
			case CLOSED -> threadGroup(run.workload().id()).rampToAndHold(threads, run.rampUp(), run.duration())
				.children(forLoopController("requests", -1, sampler));
			// JMeter's thread group with a ramp-up of 0 s: every thread started at once
			case COUNT -> threadGroup(run.workload().id(), threads, 1,
					forLoopController("requests", run.requestsPerThread(), sampler));
			// a fixed pool, all threads at once, each waiting in the timer for its
			// arrival; the timer stops the threads, the group's end is a backstop
			case OPEN -> threadGroup(run.workload().id())
				.rampToAndHold(threads, Duration.ZERO, OpenModel.groupDuration(run.rampUp(), run.duration()))
				.children(forLoopController("requests", -1,
						sampler.children(new ArrivalTimer(
								ArrivalSchedule.of((double) run.rate() / engines, run.rampUp(), run.duration()),
								OpenModel.DRAIN))));
		};
	}

	private static DslHttpSampler sampler(Run run) {
		return sampler(run.workload(), run.baseUri() + run.workload().path(), run.runId());
	}

	/**
	 * Builds a workload's request, as every plan sends it: its method and label, the
	 * header {@code X-Request-Id: <runId>-<n>}, the connect and response timeouts and the
	 * assertion on the workload's status. The exported .jmx plans pass JMeter functions
	 * ({@code ${__P(host,127.0.0.1)}}) where the bench passes values.
	 * @param workload the workload: label, method and expected status
	 * @param url the request's URL, e.g.
	 * {@code http://127.0.0.1:8080/scenarios/cpu-light}
	 * @param runId prefix of the request id
	 * @return the sampler
	 */
	public static DslHttpSampler sampler(Workload workload, String url, String runId) {
		return httpSampler(workload.label(), url).method(workload.method())
			.header("X-Request-Id", runId + "-${__counter(FALSE,)}")
			.connectionTimeout(CompositePlan.CONNECT_TIMEOUT)
			.responseTimeout(CompositePlan.RESPONSE_TIMEOUT)
			.children(responseAssertion("status is " + workload.expectedStatus()).fieldToTest(TargetField.RESPONSE_CODE)
				.equalsToStrings(String.valueOf(workload.expectedStatus())));
	}

}
