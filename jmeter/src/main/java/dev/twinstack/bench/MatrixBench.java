package dev.twinstack.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Runs the scenario matrix on its own, with JMeter's statistics only
 * ({@link SimpleTrialMeasurer}), and writes {@code matrix.md} and {@code matrix.json}
 * into the output folder: {@code java -cp … -Dbench.profile=standard
 * dev.twinstack.bench.MatrixBench}.
 */
final class MatrixBench {

	private MatrixBench() {
	}

	static List<CellSummary> run(BenchSettings requested) {
		Instant start = Instant.now();
		BenchSettings settings = requested.withJars(snapshot(requested.jars(), requested.outputDir().resolve("jars")));
		String runPrefix = "m" + Long.toString(start.getEpochSecond(), 36);
		Console.line(String.format("Matrix %s: %d cells × %d trials on JDK %s; estimated %d min; skipped: %s",
				settings.profile(), settings.cellCount(), settings.trials(), settings.jdk().describe(),
				Estimate.seconds(settings) / 60, settings.skipped()));
		List<CellSummary> summaries;
		Path out = settings.outputDir();
		try (MockServicesProcess mocks = MockServicesProcess.start(settings, out.resolve("logs/mock-services.log"));
				ProfileStore store = new ProfileStore(mocks.mongoUri())) {
			summaries = new MatrixRunner(settings, mocks, runPrefix, new SimpleTrialMeasurer(settings, store), start)
				.run(store::drop);
		}
		finally {
			ProcessRegistry.stopAll();
		}
		String md = "# Scenario matrix\n\nJDK " + settings.jdk().describe() + " (" + settings.jdk().source() + "); "
				+ settings.trials() + " trials per cell; wall time "
				+ Console.elapsed(Duration.between(start, Instant.now())) + ".\n\n"
				+ MatrixReport.render(summaries, settings.stacks());
		AtomicFiles.write(out.resolve("matrix.md"), md);
		try {
			AtomicFiles.write(out.resolve("matrix.json"),
					new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(summaries));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
		Console.line("Matrix report: " + out.resolve("matrix.md") + " (" + Files.exists(out) + ")");
		return summaries;
	}

	/**
	 * Copies the jars, so that rebuilding a module while the bench runs cannot pull
	 * classes from under a running JVM.
	 */
	private static BenchSettings.Jars snapshot(BenchSettings.Jars jars, Path folder) {
		try {
			Files.createDirectories(folder);
			Path mocks = folder.resolve(jars.mockServices().getFileName());
			Path mvc = folder.resolve(jars.mvc().getFileName());
			Path webflux = folder.resolve(jars.webflux().getFileName());
			Files.copy(jars.mockServices(), mocks, StandardCopyOption.REPLACE_EXISTING);
			Files.copy(jars.mvc(), mvc, StandardCopyOption.REPLACE_EXISTING);
			Files.copy(jars.webflux(), webflux, StandardCopyOption.REPLACE_EXISTING);
			return new BenchSettings.Jars(mocks, mvc, webflux);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not copy the jars to " + folder, ex);
		}
	}

	public static void main(String[] args) {
		try {
			run(BenchSettings.fromSystemProperties());
		}
		catch (BenchConfigException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
		}
	}

}
