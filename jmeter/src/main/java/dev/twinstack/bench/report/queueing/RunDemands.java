package dev.twinstack.bench.report.queueing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.queueing.LoadDependentDemands;
import dev.twinstack.bench.queueing.LoadDependentDemands.MeasuredLoad;
import dev.twinstack.bench.queueing.StackDemands;
import dev.twinstack.bench.results.ResultsFile;

/**
 * The measured demands of a finished run, read back from its {@code results.json}: per
 * stack, workload and placement of the closed cells on the default heap, the model's
 * demands at its calibration ({@code matrix[].model.demands}, measured at
 * {@code calibratedAt}) and the CPU per request each cell measured at its own concurrency
 * ({@code matrix[].cpuCost}), together {@link LoadDependentDemands} — as {@link RunModel}
 * builds them from the run in memory.
 *
 * @param profile the run's profile, e.g. {@code standard}
 * @param cores the measuring machine's cores
 * @param commit the commit the run was built from, {@code null} when not recorded
 * @param stacks one entry per stack, workload and placement, in matrix order
 * @param checks each closed cell's measured ÷ predicted ({@code matrix[].model}), in
 * matrix order: the model's error on the run
 */
public record RunDemands(String profile, int cores, String commit, List<Entry> stacks, List<Check> checks) {

	private static final ObjectMapper MAPPER = new ObjectMapper()
		.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

	/**
	 * The demands of one stack in one workload and placement.
	 *
	 * @param stack the stack's id
	 * @param workload the workload's id
	 * @param placement where the app ran, e.g. {@code app on 1 core}, {@code all cores}
	 * @param demands the CPU per request at each measured concurrency
	 */
	record Entry(String stack, String workload, String placement, LoadDependentDemands demands) {
	}

	/**
	 * One cell's prediction checked against its measurement.
	 *
	 * @param stack the stack's id
	 * @param workload the workload's id
	 * @param concurrency the cell's concurrency
	 * @param checked its measured ÷ predicted and what the prediction rests on
	 * ({@code matrix[].model.prediction}; runs written before it say
	 * {@value #UNLABELLED})
	 */
	record Check(String stack, String workload, int concurrency, ErrorBar.Checked checked) {
	}

	/** The kind of a check in a run written before the kinds were recorded. */
	static final String UNLABELLED = "unlabelled";

	/**
	 * A run folder that cannot be projected, with a message naming the problem.
	 */
	public static final class UnreadableRun extends RuntimeException {

		private static final long serialVersionUID = 1L;

		UnreadableRun(String message) {
			super(message);
		}

	}

	/**
	 * Reads a run folder.
	 * @param folder the bench's output folder, holding {@code results.json}
	 * @return the run's demands
	 * @throws UnreadableRun when the folder, its results.json or the model's demands in
	 * it are missing or unreadable
	 */
	public static RunDemands read(Path folder) {
		JsonNode root;
		try {
			root = ResultsFile.tree(folder);
		}
		catch (ResultsFile.UnreadableResultsException ex) {
			throw new UnreadableRun(ex.getMessage());
		}
		Path file = folder.resolve(ResultsFile.NAME);
		List<Entry> stacks = entries(file, root);
		if (stacks.isEmpty()) {
			throw new UnreadableRun("no closed cell on the default heap in " + file
					+ " has the model's demands (matrix[].model.demands): the run measured no CPU per request, "
					+ "or was written before the model was");
		}
		JsonNode environment = root.path("environment");
		return new RunDemands(root.path("settings").path("profile").asText("?"), environment.path("cores").asInt(0),
				environment.path("commit").isTextual() ? environment.path("commit").asText() : null, stacks,
				checks(root));
	}

	/**
	 * The run with only each stack's calibration: the CPU per request of its lowest
	 * measured load, at every load.
	 * @return the constant-demand run
	 */
	public RunDemands calibrationOnly() {
		List<Entry> constant = this.stacks.stream()
			.map((e) -> new Entry(e.stack(), e.workload(), e.placement(),
					LoadDependentDemands.constant(e.demands().base(), e.demands().loads().get(0).concurrency())))
			.toList();
		return new RunDemands(this.profile, this.cores, this.commit, constant, this.checks);
	}

	/**
	 * Returns the checks of one stack and workload.
	 * @param stack the stack's id
	 * @param workload the workload's id
	 * @return its checks, in matrix order
	 */
	List<ErrorBar.Checked> checks(String stack, String workload) {
		return this.checks.stream()
			.filter((c) -> c.stack().equals(stack) && c.workload().equals(workload))
			.map(Check::checked)
			.toList();
	}

	private static List<Check> checks(JsonNode root) {
		List<Check> checks = new ArrayList<>();
		for (JsonNode summary : root.path("matrix")) {
			JsonNode cell = summary.path("cell");
			JsonNode model = summary.path("model");
			if (!model.path("throughputRatio").isNumber()) {
				continue;
			}
			String kind = model.path("prediction").asText(UNLABELLED);
			checks.add(new Check(cell.path("stack").asText(), cell.path("workload").asText(),
					cell.path("concurrency").asInt(), new ErrorBar.Checked(model.path("throughputRatio").asDouble(),
							model.path("off").asBoolean(), kind, !RunModel.Kind.SAME_CELL.label().equals(kind))));
		}
		return List.copyOf(checks);
	}

	private static List<Entry> entries(Path file, JsonNode root) {
		Map<String, Group> groups = new LinkedHashMap<>();
		for (JsonNode summary : root.path("matrix")) {
			JsonNode cell = summary.path("cell");
			JsonNode model = summary.path("model");
			if (!"closed".equals(cell.path("load").asText()) || !"default".equals(cell.path("heap").asText())
					|| !model.has("demands")) {
				continue;
			}
			StackDemands demands;
			try {
				demands = MAPPER.treeToValue(model.path("demands"), StackDemands.class);
			}
			catch (JsonProcessingException | IllegalArgumentException ex) {
				throw new UnreadableRun("the model's demands of cell " + cell + " in " + file + " are not the bench's: "
						+ ex.getMessage());
			}
			String placement = placement(cell.path("appCpus"));
			Group group = groups.computeIfAbsent(
					cell.path("stack").asText() + "|" + cell.path("workload").asText() + "|" + placement,
					(key) -> new Group(cell.path("stack").asText(), cell.path("workload").asText(), placement));
			int calibratedAt = model.path("calibratedAt").asInt();
			group.add(calibratedAt, new MeasuredLoad(calibratedAt, demands.appCpuMs(), demands.harnessCpuMs()),
					demands);
			JsonNode cost = summary.path("cpuCost");
			boolean ok = "ok".equals(summary.path("health").path("status").asText("ok"));
			if (ok && cost.path("appMs").isNumber() && cost.path("harnessMs").isNumber()) {
				int concurrency = cell.path("concurrency").asInt();
				group.add(concurrency,
						new MeasuredLoad(concurrency, cost.path("appMs").asDouble(), cost.path("harnessMs").asDouble()),
						null);
			}
		}
		List<Entry> entries = new ArrayList<>();
		groups.values()
			.forEach((g) -> entries.add(new Entry(g.stack, g.workload, g.placement,
					new LoadDependentDemands(g.base, List.copyOf(g.loads.values())))));
		return List.copyOf(entries);
	}

	private static String placement(JsonNode appCpus) {
		if (appCpus.path("all").asBoolean(true)) {
			return "all cores";
		}
		int cores = appCpus.path("cores").asInt();
		return "app on " + AppCpus.coresInWords(cores);
	}

	/** The loads of one stack, workload and placement; the base is the lowest load's. */
	private static final class Group {

		private final String stack;

		private final String workload;

		private final String placement;

		private final Map<Integer, MeasuredLoad> loads = new LinkedHashMap<>();

		private StackDemands base;

		private int baseAt = Integer.MAX_VALUE;

		Group(String stack, String workload, String placement) {
			this.stack = stack;
			this.workload = workload;
			this.placement = placement;
		}

		void add(int concurrency, MeasuredLoad load, StackDemands demands) {
			this.loads.putIfAbsent(concurrency, load);
			if (demands != null && concurrency < this.baseAt) {
				this.base = demands;
				this.baseAt = concurrency;
			}
		}

	}

}
