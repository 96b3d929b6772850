package dev.twinstack.bench.settings.remote;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Heap;
import dev.twinstack.bench.matrix.MatrixBlock;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.BenchProfile;
import dev.twinstack.bench.settings.MatrixPlan;
import dev.twinstack.bench.settings.Setting;
import dev.twinstack.bench.settings.SettingsTable;

/**
 * What {@code bench.targets} changes in the settings: the stacks are the targets' (unless
 * {@code bench.stacks} picks some of them), and every setting that needs the bench to
 * start or restart the app or the mocks itself is refused, all of them in one message.
 */
public final class TargetsMode {

	private TargetsMode() {
	}

	/**
	 * Reads {@code bench.targets}, {@code bench.mongoUri}, {@code bench.mongoDatabase}
	 * and {@code bench.stubs}.
	 * @param get the property lookup (blank values are {@code null})
	 * @param profile the profile whose defaults apply
	 * @return the targets, {@link Targets#LOCAL} when none are given and no MongoDB
	 * either; the bench's own apps with the given MongoDB for {@code bench.mongoUri}
	 * alone
	 * @throws BenchConfigException when the targets are given without the MongoDB, the
	 * stubs without targets, the database without the MongoDB or with targets, or a
	 * database the bench does not own without {@code bench.mongoDatabase}
	 */
	public static Targets read(Function<String, String> get, BenchProfile profile) {
		Map<Stack, Targets.Target> apps = SettingsTable.TARGETS_APPS.read(get, profile);
		String mongoUri = SettingsTable.MONGO_URI.read(get, profile);
		String database = SettingsTable.MONGO_DATABASE.read(get, profile);
		Map<String, URI> stubs = SettingsTable.STUBS.read(get, profile);
		if (apps.isEmpty() && !stubs.isEmpty()) {
			throw new BenchConfigException("bench.stubs is only read with bench.targets (apps started by hand); "
					+ "without bench.targets the bench probes the stubs of the mock-services it starts: remove "
					+ "bench.stubs");
		}
		if (mongoUri == null && database != null) {
			throw new BenchConfigException("bench.mongoDatabase is only read with bench.mongoUri (a MongoDB of your "
					+ "own); mock-services' embedded MongoDB has a database of its own: remove bench.mongoDatabase, or "
					+ "add bench.mongoUri=" + Targets.MONGO_FORM);
		}
		if (!apps.isEmpty() && mongoUri == null) {
			throw new BenchConfigException("bench.targets needs bench.mongoUri, the MongoDB the targets store into "
					+ "(mock-services' or a real one), to count stored == acknowledged; bench.mongoUri must be "
					+ Targets.MONGO_FORM);
		}
		if (!apps.isEmpty() && database != null) {
			throw new BenchConfigException("bench.mongoDatabase is only read without bench.targets: the targets store "
					+ "into the database their own spring.mongodb.uri names; name it in bench.mongoUri's path instead "
					+ "(e.g. mongodb://127.0.0.3:27018/twinstack) and remove bench.mongoDatabase");
		}
		if (apps.isEmpty()) {
			return (mongoUri == null) ? Targets.LOCAL
					: new Targets(Map.of(), mongoUri, Targets.benchDatabase(mongoUri, database), Map.of());
		}
		return new Targets(Collections.unmodifiableMap(new LinkedHashMap<>(apps)), mongoUri,
				Targets.targetsDatabase(mongoUri), Map.copyOf(stubs));
	}

	/**
	 * Keeps to each block the stacks that have a target, unless {@code bench.stacks}
	 * chose them; drops blocks left without a stack.
	 * @param blocks the profile's blocks, reshaped by the axis properties
	 * @param targets the targets
	 * @param get the property lookup
	 * @return the blocks to run
	 * @throws BenchConfigException when a chosen stack has no target, or no block is left
	 */
	public static List<MatrixBlock> restrict(List<MatrixBlock> blocks, Targets targets, Function<String, String> get) {
		if (get.apply(SettingsTable.STACKS.name()) != null) {
			List<String> missing = MatrixPlan.distinct(blocks, MatrixBlock::stacks)
				.stream()
				.filter((stack) -> !targets.apps().containsKey(stack))
				.map(Stack::id)
				.toList();
			if (!missing.isEmpty()) {
				throw new BenchConfigException("bench.stacks names " + missing + " but bench.targets has no target "
						+ "for it (targets: " + targets.stackIds() + "): add it to bench.targets or remove it from "
						+ "bench.stacks");
			}
			return blocks;
		}
		List<MatrixBlock> kept = blocks.stream()
			.map((block) -> block
				.withStacks(block.stacks().stream().filter((stack) -> targets.apps().containsKey(stack)).toList()))
			.filter((block) -> !block.stacks().isEmpty())
			.toList();
		if (kept.isEmpty()) {
			throw new BenchConfigException("bench.targets: no block of the profile runs the targets' stacks ("
					+ targets.stackIds() + "): choose the stacks with bench.stacks");
		}
		return kept;
	}

	/**
	 * Fails when a setting needs the bench to start or restart the apps or the mocks
	 * itself, naming every one of them and what set it.
	 * @param get the property lookup
	 * @param profile the profile
	 * @param cells the cells to run
	 * @param blocks the blocks they come from
	 * @throws BenchConfigException naming the refused settings
	 */
	public static void refuseLocalAxes(Function<String, String> get, BenchProfile profile, List<Cell> cells,
			List<MatrixBlock> blocks) {
		List<String> refused = new ArrayList<>();
		List<String> heaps = cells.stream()
			.map(Cell::heap)
			.filter((heap) -> !heap.isDefault())
			.map(Heap::id)
			.distinct()
			.toList();
		if (!heaps.isEmpty()) {
			refused.add(by(get, SettingsTable.HEAPS.name(), profile) + " (heaps " + String.join(",", heaps)
					+ ": an app start per heap)");
		}
		if (cells.stream().anyMatch((cell) -> !cell.appCpus().isAll())) {
			refused.add(by(get, SettingsTable.APP_CPUS.name(), profile) + " (pins the app's process to cores)");
		}
		if (blocks.stream().anyMatch((block) -> block.scenarios().contains(Scenario.FAULTS))) {
			refused.add(by(get, SettingsTable.SCENARIOS.name(), profile)
					+ " with faults (restarts apps, stops MongoDB, injects faults into the mocks)");
		}
		explicit(get, refused, SettingsTable.JAVA_HOME, "the JDK of the apps and mocks");
		explicit(get, refused, SettingsTable.APP_JVM_ARGS, "the apps' JVM options, heaps included");
		explicit(get, refused, SettingsTable.MOCKS_JVM_ARGS, "mock-services' JVM options");
		explicit(get, refused, SettingsTable.TOMCAT_THREADS, "an option of mvc's start");
		explicit(get, refused, SettingsTable.FORK, "an app start per workload");
		String memory = get.apply(SettingsTable.MEMORY_REQUESTS.name());
		if (memory != null && !memory.equals("0")) {
			refused.add(SettingsTable.MEMORY_REQUESTS.name() + "=" + memory
					+ " (reads the app's RSS and forces a GC with jcmd on this machine)");
		}
		if (!refused.isEmpty()) {
			throw new BenchConfigException("bench.targets: the apps and mock-services run elsewhere, started by hand, "
					+ "so the bench cannot apply " + String.join("; ", refused) + ". Remove "
					+ ((refused.size() > 1) ? "these settings" : "this setting")
					+ ", or remove bench.targets to let the bench start the apps itself");
		}
	}

	private static void explicit(Function<String, String> get, List<String> refused, Setting<?> setting, String what) {
		if (get.apply(setting.name()) != null) {
			refused.add(setting.name() + " (" + what + ")");
		}
	}

	/**
	 * Names what set an axis: the property when given, else the profile.
	 */
	private static String by(Function<String, String> get, String property, BenchProfile profile) {
		String value = get.apply(property);
		return (value != null) ? property + "=" + value : "bench.profile=" + profile.id() + " (its " + property + ")";
	}

	/**
	 * Lists the stacks of the blocks.
	 * @param blocks the blocks
	 * @return their stacks, in the matrix's order
	 */
	public static List<Stack> stacks(List<MatrixBlock> blocks) {
		return MatrixPlan.distinct(blocks, MatrixBlock::stacks).stream().sorted().collect(Collectors.toList());
	}

}
