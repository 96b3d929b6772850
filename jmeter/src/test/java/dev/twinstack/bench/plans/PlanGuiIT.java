package dev.twinstack.bench.plans;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.twinstack.bench.matrix.LoadModel;
import dev.twinstack.monitoring.DebianPackages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every committed plan opens in a stock JMeter's GUI ({@link PlanGui}), no plugin needed:
 * on a virtual display (Xvfb on the {@code PATH}, else Debian's {@code xvfb}, installed),
 * a JVM of its own runs {@link GuiProbe}, which reports the window's title, the plan's
 * tree as the GUI shows it and the "Add → Threads" menu, and leaves a screenshot per plan
 * in {@code target/gui/}. Xvfb and the GUI's JVM are stopped however the test ends.
 */
class PlanGuiIT {

	private static final Path OUTPUT = Path.of("target", "gui");

	@Test
	@Timeout(value = 5, unit = TimeUnit.MINUTES)
	void everyPlanOpensInJmetersGuiWithItsTree() throws Exception {
		Path xvfb = DebianPackages.command("xvfb", "Xvfb");
		Files.createDirectories(OUTPUT);
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
						System.getProperty("java.class.path"), GuiProbe.class.getName(), OUTPUT.toString()));
		JmxPlan.ALL.forEach((plan) -> command.add(JmxPlans.FOLDER.resolve(plan.fileName()).toString()));
		String output;
		try (VirtualDisplay display = VirtualDisplay.start(xvfb, OUTPUT.resolve("xvfb.log"))) {
			output = display.run(command, OUTPUT.resolve("probe.log"), 90);
		}
		for (JmxPlan plan : JmxPlan.ALL) {
			String file = plan.fileName();
			List<String> nodes = output.lines()
				.filter((line) -> line.startsWith("NODE " + file + " "))
				.map((line) -> line.substring(("NODE " + file + " ").length()))
				.toList();
			assertThat(output).as("probe output").contains("TITLE " + file + " ");
			assertThat(titleOf(output, file)).as("window title of %s", file)
				.contains("Apache JMeter (5.6.3)")
				.contains(JmxPlans.FOLDER.resolve(file).toAbsolutePath().toString())
				.doesNotContain("(hidden)");
			String group = "Test Plan/" + plan.name();
			String request = group + "/requests/" + plan.workload().label();
			assertThat(nodes).as("tree of %s as the GUI shows it: path | element | editor", file)
				.anyMatch((node) -> node.startsWith("Test Plan | org.apache.jmeter.testelement.TestPlan | "))
				.anyMatch((node) -> node.startsWith(group + " | "))
				.anyMatch((node) -> node.startsWith(group + "/requests | org.apache.jmeter.control.LoopController | "))
				.anyMatch((node) -> node
					.startsWith(request + " | org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy"
							+ " | org.apache.jmeter.protocol.http.control.gui.HttpTestSampleGui"))
				.anyMatch((node) -> node.startsWith(request + "/status is " + plan.workload().expectedStatus() + " | "))
				.anyMatch((node) -> node.startsWith(request + "/HTTP Header Manager | "));
			assertThat(nodes).as("%s's thread group: stock JMeter, no plugin", file)
				.contains(group
						+ " | org.apache.jmeter.threads.ThreadGroup | org.apache.jmeter.threads.gui.ThreadGroupGui");
			if (plan.load() == LoadModel.OPEN) {
				assertThat(nodes).as("open plan's arrival timer (stock JSR223 Timer) and its editor")
					.contains(request + "/arrivals | org.apache.jmeter.timers.JSR223Timer"
							+ " | org.apache.jmeter.testbeans.gui.TestBeanGUI");
			}
			assertThat(OUTPUT.resolve(file.replace(".jmx", ".png"))).as("screenshot").isNotEmptyFile();
		}
		assertThat(output.lines().filter((line) -> line.startsWith("ADD "))).as("Add → Threads menu")
			.contains("ADD Thread Group");
	}

	private static String titleOf(String output, String file) {
		return output.lines()
			.filter((line) -> line.startsWith("TITLE " + file + " "))
			.findFirst()
			.orElseThrow()
			.substring(("TITLE " + file + " ").length());
	}

	/**
	 * An Xvfb server on the first free display, stopped on close and by a shutdown hook
	 * (Ctrl-C, SIGTERM); started with {@code -terminate}, so it also ends once its last
	 * client disconnects.
	 */
	private static final class VirtualDisplay implements AutoCloseable {

		private final Process xvfb;

		private final String display;

		private final List<Process> clients = new ArrayList<>();

		private final Thread hook = new Thread(this::stopAll, "stop-xvfb");

		private VirtualDisplay(Process xvfb, String display) {
			this.xvfb = xvfb;
			this.display = display;
		}

		static VirtualDisplay start(Path server, Path log) throws IOException, InterruptedException {
			Process xvfb = new ProcessBuilder(server.toString(), "-displayfd", "1", "-screen", "0", "1280x1024x24",
					"-nolisten", "tcp", "-terminate")
				.redirectError(log.toFile())
				.start();
			VirtualDisplay display;
			try {
				String number = readLine(xvfb, 20);
				display = new VirtualDisplay(xvfb, ":" + number);
			}
			catch (IOException ex) {
				stop(xvfb);
				throw new IOException(ex.getMessage() + "; Xvfb's log: " + Files.readString(log).strip());
			}
			Runtime.getRuntime().addShutdownHook(display.hook);
			return display;
		}

		/** Runs a command on this display; returns its output, or fails with it. */
		String run(List<String> command, Path log, int timeoutSeconds) throws IOException, InterruptedException {
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
			builder.environment().put("DISPLAY", this.display);
			Process process;
			synchronized (this.clients) {
				process = builder.start();
				this.clients.add(process);
			}
			boolean ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
			String output = Files.readString(log, StandardCharsets.UTF_8);
			if (!ended) {
				stop(process);
				fail("The GUI did not come up and report within " + timeoutSeconds + " s; its output:\n" + output);
			}
			if (process.exitValue() != 0) {
				fail("The GUI's JVM exited with " + process.exitValue() + "; its output:\n" + output);
			}
			return output;
		}

		@Override
		public void close() {
			stopAll();
			try {
				Runtime.getRuntime().removeShutdownHook(this.hook);
			}
			catch (IllegalStateException ex) {
				// the JVM is shutting down: the hook runs anyway
			}
		}

		private void stopAll() {
			synchronized (this.clients) {
				this.clients.forEach(VirtualDisplay::stop);
			}
			stop(this.xvfb);
		}

		private static String readLine(Process xvfb, int timeoutSeconds) throws IOException, InterruptedException {
			StringBuilder line = new StringBuilder();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
			var in = xvfb.getInputStream();
			while (System.nanoTime() < deadline) {
				while (in.available() > 0) {
					int c = in.read();
					if (c == '\n') {
						return line.toString().strip();
					}
					line.append((char) c);
				}
				if (!xvfb.isAlive()) {
					throw new IOException("Xvfb exited with " + xvfb.exitValue() + " before giving its display");
				}
				Thread.sleep(50);
			}
			throw new IOException("Xvfb gave no display number within " + timeoutSeconds + " s");
		}

		private static void stop(Process process) {
			process.descendants().forEach(ProcessHandle::destroy);
			process.destroy();
			try {
				if (!process.waitFor(5, TimeUnit.SECONDS)) {
					process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}

	}

}
