package dev.twinstack.bench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;

import dev.twinstack.bench.compare.RunRecord.CellRecord;
import dev.twinstack.bench.results.ResultsFile;

/**
 * Reads the fields the comparison needs from a run folder's {@code results.json}, as the
 * bench writes it; unknown fields are ignored.
 */
final class RunReader {

	private RunReader() {
	}

	/**
	 * Reads a run.
	 * @param role {@code baseline} or {@code candidate}, for the error messages
	 * @param folder the run folder (the bench's {@code target/bench})
	 * @return the run
	 * @throws CompareException when the folder or its results.json is missing or not a
	 * bench's results
	 */
	static RunRecord read(String role, Path folder) {
		JsonNode root;
		try {
			root = ResultsFile.tree(folder);
		}
		catch (ResultsFile.UnreadableResultsException ex) {
			throw new CompareException(role + ": " + ex.getMessage());
		}
		Path file = folder.resolve(ResultsFile.NAME);
		JsonNode matrix = root.get("matrix");
		if (matrix == null || !matrix.isArray()) {
			throw new CompareException(file + " has no 'matrix' array: not a bench's results.json");
		}
		List<CellRecord> cells = new ArrayList<>();
		for (JsonNode cell : matrix) {
			cells.add(cell(file, cell));
		}
		Path name = folder.toAbsolutePath().normalize().getFileName();
		Map<String, String> environment = texts(root.get("environment"));
		environment.keySet().removeIf((key) -> key.startsWith("loopback"));
		// the commit is compared on its own
		String commit = environment.remove("commit");
		return new RunRecord((name != null) ? name.toString() : folder.toString(), folder.toString(),
				root.path("complete").asBoolean(true), text(root.get("incompleteReason")), text(root.get("startedAt")),
				(commit != null) ? commit : text(root.get("commit")), texts(root.get("settings")), environment,
				texts(root.get("jdk")), cells);
	}

	private static CellRecord cell(Path file, JsonNode cell) {
		JsonNode id = cell.get("cell");
		if (id == null || !id.isObject()) {
			throw new CompareException(file + " has a matrix entry without its 'cell' object");
		}
		CellKey key = new CellKey(id.path("stack").asText(), id.path("workload").asText(), id.path("load").asText(),
				id.path("concurrency").asInt(), id.path("rate").asInt(), id.path("heap").asText("default"),
				id.path("appCpus").path("cores").asInt());
		Map<Metric, double[]> trials = new EnumMap<>(Metric.class);
		for (Metric metric : Metric.values()) {
			trials.put(metric,
					StreamSupport.stream(cell.path("trials").spliterator(), false)
						.map((trial) -> trial.get(metric.field()))
						.filter((value) -> value != null && value.isNumber())
						.mapToDouble(JsonNode::asDouble)
						.toArray());
		}
		return new CellRecord(key, trials, validity(cell.path("validity")));
	}

	private static String validity(JsonNode validity) {
		if (validity.isMissingNode() || validity.isNull()) {
			return "not judged";
		}
		if (validity.path("valid").asBoolean(true)) {
			return validity.path("cpuLimited").asBoolean(false) ? "CPU-limited" : "valid";
		}
		List<String> reasons = new ArrayList<>();
		validity.path("reasons").forEach((reason) -> reasons.add(reason.asText()));
		return "invalid: " + String.join("; ", reasons);
	}

	private static Map<String, String> texts(JsonNode object) {
		Map<String, String> texts = new LinkedHashMap<>();
		if (object != null && object.isObject()) {
			object.fields().forEachRemaining((field) -> texts.put(field.getKey(), text(field.getValue())));
		}
		return texts;
	}

	private static String text(JsonNode value) {
		if (value == null || value.isNull()) {
			return null;
		}
		if (value.isArray()) {
			List<String> items = new ArrayList<>();
			value.forEach((item) -> items.add(item.isValueNode() ? item.asText() : item.toString()));
			return String.join(",", items);
		}
		return value.isValueNode() ? value.asText() : value.toString();
	}

}
