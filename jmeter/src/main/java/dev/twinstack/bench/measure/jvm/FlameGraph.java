package dev.twinstack.bench.measure.jvm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;

import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;

/**
 * Renders a CPU flame graph of one time window of an app's JFR recording: the JDK's
 * {@code jdk.ExecutionSample} events (Java threads on CPU, sampled every 10 ms under the
 * bench's {@code settings=profile}) between two instants, drawn by async-profiler's JFR
 * converter ({@code tools.profiler:jfr-converter}, {@code one.convert.JfrToFlame}) into
 * one self-contained HTML page (its own script and canvas, no network). The width of a
 * frame is its share of the samples; click to zoom, Ctrl+F to search.
 */
public final class FlameGraph {

	private FlameGraph() {
	}

	/**
	 * Renders the flame graph.
	 * @param recording the app's JFR file (complete: the app has stopped)
	 * @param from the window's start
	 * @param to the window's end
	 * @param title the page's title, e.g. {@code webflux-composite-sequential-c400: CPU}
	 * @param html the page to write (its folder is created)
	 * @throws IOException when the recording cannot be read or the page written
	 */
	public static void render(Path recording, Instant from, Instant to, String title, Path html) throws IOException {
		if (!to.isAfter(from)) {
			throw new IllegalArgumentException("empty window: " + from + " to " + to);
		}
		// --from/--to in epoch milliseconds: the converter takes values above 1.5e12 as
		// absolute times; execution samples are its default event
		Arguments args = new Arguments("--title", title, "--from", Long.toString(from.toEpochMilli()), "--to",
				Long.toString(to.toEpochMilli()));
		Files.createDirectories(html.toAbsolutePath().getParent());
		Path partial = html.resolveSibling(html.getFileName() + ".part");
		try (JfrReader jfr = new JfrReader(recording.toString())) {
			JfrToFlame converter = new JfrToFlame(jfr, args);
			converter.convert();
			try (OutputStream out = Files.newOutputStream(partial)) {
				converter.dump(out);
			}
		}
		Files.move(partial, html, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

}
