package dev.twinstack.bench.plans;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every {@link JmxPlan} as a .jmx file:
 * {@code java -cp … dev.twinstack.bench.plans.JmxPlans [folder]}.
 */
public final class JmxPlans {

	/** The folder of the committed plans, relative to the jmeter module. */
	public static final Path FOLDER = Path.of("plans");

	private JmxPlans() {
	}

	/**
	 * Writes every plan into a folder.
	 * @param folder the folder (created when missing)
	 * @return the files written, in {@link JmxPlan#ALL}'s order
	 * @throws IOException when writing fails
	 */
	public static List<Path> saveAll(Path folder) throws IOException {
		Files.createDirectories(folder);
		List<Path> files = new ArrayList<>();
		for (JmxPlan plan : JmxPlan.ALL) {
			Path file = folder.resolve(plan.fileName());
			plan.plan().saveAsJmx(file.toString());
			files.add(file);
		}
		return files;
	}

	/**
	 * Exports the plans.
	 * @param args the target folder, default {@code plans}
	 * @throws IOException when writing fails
	 */
	public static void main(String[] args) throws IOException {
		Path folder = (args.length > 0) ? Path.of(args[0]) : FOLDER;
		for (Path file : saveAll(folder)) {
			System.out.println("Wrote " + file.toAbsolutePath());
		}
	}

}
