package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import dev.twinstack.bench.measure.storage.Storage;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.results.AtomicFiles;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.CellSummary;

/**
 * Writes and reads {@code results.json}. Its text is the same for the same run: a
 * record's properties are written in a fixed order ({@link StableOrder}).
 */
public final class ResultsJson {

	private static final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
		.registerModule(new SimpleModule("stable-order").setSerializerModifier(new StableOrder()));

	private ResultsJson() {
	}

	/**
	 * Renders the results as indented JSON.
	 * @param results the results
	 * @return the JSON text
	 */
	public static String toJson(BenchResults results) {
		return toJson(results, RunModel.of(results));
	}

	/**
	 * Renders the results as indented JSON, with the queueing model's prediction in each
	 * matrix cell ({@code matrix[].model}: the prediction, measured ÷ predicted and the
	 * demands it came from), the winner of each comparison ({@code verdict}) and the
	 * what-if projection ({@code projection}, a model projection, when asked for).
	 * @param results the results
	 * @param model the run's model
	 * @return the JSON text
	 */
	public static String toJson(BenchResults results, RunModel model) {
		try {
			ObjectNode root = mapper.valueToTree(results);
			JsonNode matrix = root.path("matrix");
			for (int i = 0; i < results.matrix().size() && i < matrix.size(); i++) {
				CellSummary summary = results.matrix().get(i);
				ObjectNode cell = (ObjectNode) matrix.get(i);
				model.check(summary.cell()).ifPresent((check) -> {
					ObjectNode node = mapper.valueToTree(check);
					RunModel.Calibration calibration = RunModel.calibration(results, summary.cell());
					if (calibration != null && model.demands().containsKey(calibration.cell())) {
						node.set("demands", mapper.valueToTree(model.demands().get(calibration.cell())));
					}
					model.kind(summary.cell()).ifPresent((kind) -> node.put("prediction", kind.label()));
					model.placementCheck(summary.cell())
						.ifPresent((placement) -> node.set("otherPlacement", mapper.valueToTree(placement)));
					cell.set("model", node);
				});
			}
			if (!model.outcomes().isEmpty()) {
				ArrayNode verdict = root.putArray("verdict");
				model.outcomes().forEach((comparison) -> {
					ObjectNode node = verdict.addObject();
					node.put("workload", comparison.workload().id());
					node.put("group", comparison.group());
					node.put("call", comparison.outcome().call().name().toLowerCase(java.util.Locale.ROOT));
					node.put("label", comparison.outcome().label());
					node.put("leader", comparison.outcome().leader().stack());
					node.put("runnerUp",
							(comparison.outcome().runnerUp() != null) ? comparison.outcome().runnerUp().stack() : null);
					node.put("margin", comparison.outcome().margin());
					node.set("wrkAgrees", mapper.valueToTree(comparison.outcome().wrkAgrees()));
				});
			}
			if (model.whatIf() != null) {
				ObjectNode projection = root.putObject("projection");
				projection.put("note", "model projection, not a measurement");
				projection.set("whatIf", mapper.valueToTree(model.whatIf()));
				ArrayNode stacks = projection.putArray("stacks");
				// the same load-dependent demands as report.md's projection
				model.curves().forEach((cell, curve) -> {
					ObjectNode node = stacks.addObject();
					node.put("stack", cell.stack().id());
					node.put("workload", cell.workload().id());
					node.put("measuredIn", cell.id());
					node.put("demandUsed", curve.describe(model.whatIf().concurrency()));
					node.set("demands", mapper.valueToTree(model.whatIf().apply(curve)));
					node.set("prediction", mapper.valueToTree(model.whatIf().predict(curve)));
				});
			}
			return mapper.writeValueAsString(root);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Results not serializable: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Converts a value to a JSON tree as results.json writes it.
	 * @param value a record or bean
	 * @return its tree, its properties in results.json's order
	 */
	static JsonNode tree(Object value) {
		return mapper.valueToTree(value);
	}

	/**
	 * Writes the results atomically.
	 * @param results the results
	 * @param model the run's model
	 * @param file the target file
	 */
	static void write(BenchResults results, RunModel model, Path file) {
		AtomicFiles.write(file, toJson(results, model) + "\n");
	}

	/**
	 * Reads a results file as a JSON tree.
	 * @param file the file
	 * @return its root node
	 */
	public static JsonNode read(Path file) {
		try {
			return mapper.readTree(file.toFile());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
	}

	/**
	 * Fixes the order of a bean's properties: those named in its
	 * {@code @JsonPropertyOrder} first, in that order; then a record's components, in
	 * declaration order; then the rest (derived properties such as
	 * {@code Storage.verified()}), alphabetically. Without it Jackson writes the derived
	 * properties in the order reflection lists their methods, which the JVM does not fix
	 * ({@code Class.getDeclaredMethods()}), so two writes of the same run could differ.
	 */
	static final class StableOrder extends BeanSerializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public List<BeanPropertyWriter> orderProperties(SerializationConfig config, BeanDescription bean,
				List<BeanPropertyWriter> properties) {
			List<String> explicit = Optional
				.ofNullable(config.getAnnotationIntrospector().findSerializationPropertyOrder(bean.getClassInfo()))
				.map(List::of)
				.orElse(List.of());
			RecordComponent[] components = bean.getBeanClass().getRecordComponents();
			List<String> declared = (components != null)
					? Arrays.stream(components).map(RecordComponent::getName).toList() : List.of();
			Comparator<BeanPropertyWriter> order = Comparator
				.comparingInt((BeanPropertyWriter property) -> rank(explicit, declared, property.getName()))
				.thenComparing(BeanPropertyWriter::getName);
			return properties.stream().sorted(order).toList();
		}

		private static int rank(List<String> explicit, List<String> declared, String name) {
			if (explicit.contains(name)) {
				return explicit.indexOf(name);
			}
			if (declared.contains(name)) {
				return explicit.size() + declared.indexOf(name);
			}
			return Integer.MAX_VALUE;
		}

	}

}
