package dev.twinstack.bench.plans;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import javax.swing.SwingUtilities;

import org.apache.jmeter.exceptions.IllegalUserActionException;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.action.Load;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.timers.JSR223Timer;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;
import us.abstracta.jmeter.javadsl.core.engines.JmeterGui;

/**
 * Opens a .jmx plan in JMeter 5.6.3's GUI from the project's own jars, no JMeter install
 * needed: jmeter-java-dsl's {@link JmeterGui} (what {@code DslTestPlan.showInGui()}
 * uses), with the plan's file as JMeter's current file (so Save writes it back); the
 * plans are stock JMeter, the open ones' timer a JSR223 Timer. <pre>
 * java -cp … dev.twinstack.bench.plans.PlanGui (plans/slow-io-open.jmx | slow-io-open) [-Jrate=300 …]
 * </pre> A plan name (e.g. {@code composite}) stands for {@code plans/<name>.jmx};
 * {@code -Jname=value} sets a JMeter property, as on JMeter's command line. The JVM exits
 * when the GUI's window closes.
 */
public final class PlanGui {

	private PlanGui() {
	}

	/**
	 * Opens the GUI and waits until its window closes.
	 * @param args the plan (a file or a plan name), then {@code -Jname=value} properties
	 * @throws Exception when the plan cannot be read or the GUI cannot start
	 */
	public static void main(String[] args) throws Exception {
		if (args.length == 0) {
			System.err.println("usage: PlanGui <plan.jmx | plan name> [-Jname=value ...]; plan names: "
					+ JmxPlan.ALL.stream().map(JmxPlan::name).toList());
			System.exit(2);
		}
		Path file;
		Map<String, String> properties;
		try {
			file = planFile(args[0]);
			properties = properties(List.of(args).subList(1, args.length));
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
			return;
		}
		open(file, properties).awaitClose();
		System.exit(0);
	}

	/**
	 * Resolves the plan argument.
	 * @param plan a .jmx file, or the name of a {@link JmxPlan} in
	 * {@link JmxPlans#FOLDER}
	 * @return the file
	 * @throws IllegalArgumentException when no such file or plan exists, naming the plans
	 */
	static Path planFile(String plan) {
		Path file = Path.of(plan);
		if (!plan.endsWith(".jmx")) {
			file = JmxPlans.FOLDER.resolve(JmxPlan.byName(plan).fileName());
		}
		if (!Files.isRegularFile(file)) {
			throw new IllegalArgumentException("No plan file " + file.toAbsolutePath() + ": give a .jmx file or one of "
					+ JmxPlan.ALL.stream().map(JmxPlan::name).toList());
		}
		return file;
	}

	/**
	 * Parses {@code -Jname=value} arguments.
	 * @param args the arguments
	 * @return the properties, in order
	 * @throws IllegalArgumentException for any other argument
	 */
	static Map<String, String> properties(List<String> args) {
		Map<String, String> properties = new LinkedHashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			if (!arg.startsWith("-J") || equals < 3) {
				throw new IllegalArgumentException(
						"Unexpected argument '" + arg + "': after the plan, only -Jname=value (a JMeter property)");
			}
			properties.put(arg.substring(2, equals), arg.substring(equals + 1));
		}
		return properties;
	}

	/**
	 * Opens the GUI on a plan and returns once the plan is shown.
	 * @param file the .jmx file
	 * @param properties JMeter properties to set first (what {@code __P} reads)
	 * @return the GUI, to wait for its window to close
	 * @throws IOException when the plan cannot be read
	 * @throws InterruptedException when interrupted while the GUI starts
	 */
	public static JmeterGui open(Path file, Map<String, String> properties) throws IOException, InterruptedException {
		JmeterEnvironment environment = new JmeterEnvironment();
		environment.initLocale();
		properties.forEach(JMeterUtils::setProperty);
		HashTree tree = environment.loadTree(file.toFile());
		environment.updateSearchPath(tree);
		// the open plans' timer (stock JMeter's components jar)
		addToSearchPath(JSR223Timer.class);
		AtomicReference<JmeterGui> gui = new AtomicReference<>();
		onSwingThread(() -> {
			gui.set(new JmeterGui());
			gui.get().load(tree);
			GuiPackage.getInstance().setTestPlanFile(file.toAbsolutePath().toString());
		});
		return gui.get();
	}

	/**
	 * Replaces the plan shown in the GUI {@link #open} started, as JMeter's File → Open.
	 * @param file the .jmx file
	 * @throws IOException when the plan cannot be read
	 * @throws InterruptedException when interrupted while waiting for the GUI
	 */
	public static void show(Path file) throws IOException, InterruptedException {
		HashTree tree = SaveService.loadTree(file.toFile());
		onSwingThread(() -> {
			GuiPackage.getInstance().clearTestPlan();
			Load.insertLoadedTree(1, tree);
			GuiPackage.getInstance().setTestPlanFile(file.toAbsolutePath().toString());
		});
	}

	/**
	 * Adds the jars of some classes to JMeter's {@code search_paths}, where its GUI looks
	 * for the components its menus offer.
	 */
	private static void addToSearchPath(Class<?>... classes) {
		Set<String> paths = new LinkedHashSet<>(List.of(JMeterUtils.getPropDefault("search_paths", "").split(";")));
		paths.remove("");
		for (Class<?> type : classes) {
			try {
				paths.add(new File(type.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath());
			}
			catch (URISyntaxException ex) {
				throw new IllegalStateException("No jar for " + type.getName(), ex);
			}
		}
		JMeterUtils.setProperty("search_paths", String.join(";", paths));
	}

	private static void onSwingThread(GuiAction action) throws IOException, InterruptedException {
		try {
			SwingUtilities.invokeAndWait(() -> {
				try {
					action.run();
				}
				catch (IOException | IllegalUserActionException ex) {
					throw new IllegalStateException(ex);
				}
			});
		}
		catch (InvocationTargetException ex) {
			Throwable cause = (ex.getCause() instanceof IllegalStateException state && state.getCause() != null)
					? state.getCause() : ex.getCause();
			throw new IOException("JMeter's GUI failed: " + cause, cause);
		}
	}

	@FunctionalInterface
	private interface GuiAction {

		void run() throws IOException, IllegalUserActionException;

	}

}
