package dev.twinstack.bench.plans;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.twinstack.bench.load.ArrivalSchedule;
import dev.twinstack.bench.load.ArrivalTimer;
import dev.twinstack.bench.load.CompositePlan;
import dev.twinstack.bench.load.OpenModel;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.matrix.Fanout;
import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Transfer;
import dev.twinstack.bench.matrix.Workload;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.controllers.ForLoopController;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;

/**
 * A plan exported to {@code jmeter/plans/}: one scenario's request in the closed or the
 * open model, with every variable part a JMeter property read by {@code __P}
 * ({@code -Jthreads=100} on JMeter's command line, or the GUI's defaults). The request is
 * the bench's own ({@link ScenarioPlan#sampler}): same label, method, request id header,
 * timeouts and status assertion. Composite's fanout and large-payload's transfer are
 * properties too ({@code fanout}, {@code zeroCopy}), so one file covers both workloads of
 * a scenario.
 * <p>
 * Closed: {@code threads} threads start over {@code rampUp} seconds, then send back to
 * back for {@code duration} seconds. Open: {@code rate} requests a second, evenly spaced,
 * ramped up from {@code rate / rampUp} (at least 1) over {@code rampUp} seconds (at least
 * 1: the ramp's start divides by it) and held for {@code duration} seconds, by
 * {@code maxThreads} threads paced by the bench's arrival timer ({@link ArrivalTimer}, a
 * stock JSR223 Timer): stock JMeter, no plugin. In both, each thread sends its requests
 * in an endless loop controller: JMeter resets a thread's HTTP connections at each new
 * thread-group iteration (a new TCP connection per request in the open model, seen here),
 * unless started with {@code -Jhttpclient.reset_state_on_thread_group_iteration=false}.
 *
 * @param scenario the scenario whose request the plan sends
 * @param load {@link LoadModel#CLOSED} or {@link LoadModel#OPEN}
 */
public record JmxPlan(Scenario scenario, LoadModel load) {

	/** Every exported plan: each scenario of the matrix, closed then open. */
	public static final List<JmxPlan> ALL = List.of(new JmxPlan(Scenario.COMPOSITE, LoadModel.CLOSED),
			new JmxPlan(Scenario.CPU_LIGHT, LoadModel.CLOSED), new JmxPlan(Scenario.LARGE_PAYLOAD, LoadModel.CLOSED),
			new JmxPlan(Scenario.SLOW_IO, LoadModel.CLOSED), new JmxPlan(Scenario.COMPOSITE, LoadModel.OPEN),
			new JmxPlan(Scenario.CPU_LIGHT, LoadModel.OPEN), new JmxPlan(Scenario.LARGE_PAYLOAD, LoadModel.OPEN),
			new JmxPlan(Scenario.SLOW_IO, LoadModel.OPEN));

	/**
	 * How an open plan's JTL gets each sample's arrival and intended send time (JMeter's
	 * {@code sample_variables}).
	 */
	public static final String OPEN_MODEL_COLUMNS = "-Jsample_variables=" + String.join(",", ArrivalTimer.VARIABLES);

	/**
	 * The ramp's first rate: {@code rate / rampUp} requests a second, at least 1, by
	 * JMeter's own {@code __jexl3} function, as {@link ArrivalSchedule#of} computes it.
	 */
	static final String RAMP_START = "${__jexl3(%1$s / %2$s > 1 ? %1$s / %2$s : 1)}";

	/**
	 * Checks the combination.
	 * @param scenario the scenario, one of the matrix's (not {@code faults})
	 * @param load closed or open
	 * @throws IllegalArgumentException for the {@code faults} scenario or the count model
	 */
	public JmxPlan {
		if (scenario == Scenario.FAULTS || load == LoadModel.COUNT) {
			throw new IllegalArgumentException("No .jmx plan for " + scenario.id() + " in the " + load.id()
					+ " model: plans exist for " + names());
		}
	}

	/**
	 * Returns the plan's name, its file name without {@code .jmx}.
	 * @return e.g. {@code composite} (closed) or {@code slow-io-open}
	 */
	public String name() {
		return (this.load == LoadModel.OPEN) ? this.scenario.id() + "-open" : this.scenario.id();
	}

	/**
	 * Returns the plan's file name.
	 * @return e.g. {@code cpu-light.jmx}
	 */
	public String fileName() {
		return name() + ".jmx";
	}

	/**
	 * Returns the JMeter properties the plan reads, with their defaults.
	 * @return property name to default value, in the order the comment lists them
	 */
	public Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("host", "127.0.0.1");
		properties.put("port", "8080");
		if (this.scenario == Scenario.COMPOSITE) {
			properties.put("fanout", "sequential");
		}
		if (this.scenario == Scenario.LARGE_PAYLOAD) {
			properties.put("zeroCopy", "true");
		}
		if (this.load == LoadModel.OPEN) {
			properties.put("rate", "100");
			properties.put("maxThreads", "200");
		}
		else {
			properties.put("threads", "10");
		}
		properties.put("rampUp", String.valueOf(CompositePlan.RAMP_UP_SECONDS));
		properties.put("duration", "60");
		properties.put("runId", "manual");
		return properties;
	}

	/**
	 * Returns a property's {@code __P} call with its default.
	 * @param name the property, one of {@link #properties()}
	 * @return e.g. {@code ${__P(threads,10)}}
	 * @throws IllegalArgumentException when the plan does not read this property
	 */
	String property(String name) {
		String value = properties().get(name);
		if (value == null) {
			throw new IllegalArgumentException(
					"Plan " + name() + " reads no property " + name + ": it reads " + properties().keySet());
		}
		return "${__P(" + name + "," + value + ")}";
	}

	/**
	 * Builds the plan as it is exported: without listeners, cookie or cache manager.
	 * @return the plan
	 */
	public DslTestPlan plan() {
		DslHttpSampler request = ScenarioPlan.sampler(workload(),
				"http://" + property("host") + ":" + property("port") + path(), property("runId"));
		if (this.load == LoadModel.OPEN) {
			request.children(new ArrivalTimer(timerParameters()));
		}
		ForLoopController requests = forLoopController("requests", -1, request);
		BaseThreadGroup<?> group = (this.load == LoadModel.OPEN) ? new OpenThreadGroup(name(), this).children(requests)
				: new ClosedThreadGroup(name(), this).children(requests);
		return new CommentedTestPlan(comment(), group);
	}

	/**
	 * Returns the workload whose label, method and status the plan's request has.
	 * @return the scenario's first workload (sequential, zero-copy)
	 */
	Workload workload() {
		return Workload.of(List.of(this.scenario), List.of(Fanout.SEQUENTIAL), List.of(Transfer.ZERO_COPY)).get(0);
	}

	/**
	 * Returns the arrival timer's parameters: {@code rate first rampUp duration drain},
	 * from the plan's properties.
	 * @return the parameters, JMeter functions
	 */
	String timerParameters() {
		return String.join(" ", property("rate"), RAMP_START.formatted(property("rate"), property("rampUp")),
				property("rampUp"), property("duration"), String.valueOf(OpenModel.DRAIN.toSeconds()));
	}

	private String path() {
		return switch (this.scenario) {
			case COMPOSITE -> "/profiles/${__Random(1,100000)}?fanout=" + property("fanout");
			case LARGE_PAYLOAD -> "/scenarios/large-payload?zeroCopy=" + property("zeroCopy");
			default -> workload().path();
		};
	}

	private String comment() {
		String model = (this.load == LoadModel.OPEN)
				? "Open model: 'rate' requests a second, evenly spaced (ramped up from rate/rampUp, at least 1, "
						+ "over 'rampUp' s, at least 1, then held for 'duration' s), by 'maxThreads' threads that each "
						+ "wait in a JSR223 Timer (Groovy) for their arrival's intended send time; stock JMeter, no "
						+ "plugin. " + OPEN_MODEL_COLUMNS + " writes each sample's 'arrival' and 'scheduledMs' (its "
						+ "intended send time) into the JTL."
				: "Closed model: 'threads' threads start over 'rampUp' s, then send back to back for 'duration' s.";
		String properties = properties().entrySet()
			.stream()
			.map((entry) -> entry.getKey() + "=" + entry.getValue())
			.collect(Collectors.joining(" "));
		return workload().label() + " (twinstack's " + this.scenario.id() + " scenario). " + model
				+ " JMeter properties (-Jname=value) and defaults: " + properties + ". Exported by "
				+ JmxPlans.class.getName() + ": regenerate, do not edit.";
	}

	/**
	 * Finds a plan by its name.
	 * @param name e.g. {@code composite-open}
	 * @return the plan
	 * @throws IllegalArgumentException naming the accepted names when none has this one
	 */
	public static JmxPlan byName(String name) {
		return ALL.stream()
			.filter((plan) -> plan.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No plan named '" + name + "': accepted " + names()));
	}

	private static List<String> names() {
		return ALL.stream().map(JmxPlan::name).toList();
	}

}
