package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.twinstack.bench.measure.jvm.JfrCheck;
import dev.twinstack.bench.results.CellResult;
import dev.twinstack.monitoring.JfrRecording;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds the JFR cross-check to the cells an app served, once the app has stopped and its
 * recording ({@code dumponexit}) is complete.
 */
final class JfrCrossCheck {

	private static final Logger logger = LoggerFactory.getLogger(JfrCrossCheck.class);

	private JfrCrossCheck() {
	}

	/**
	 * Reads the recording and checks each cell against the events of its time window.
	 * @param cells the cells the app served
	 * @param recording the app's JFR file
	 * @param outputDir the bench's output folder (for the relative file name)
	 * @return the cells with their {@link JfrCheck}
	 */
	static List<CellResult> apply(List<CellResult> cells, Path recording, Path outputDir) {
		String file = outputDir.relativize(recording).toString().replace('\\', '/');
		JfrRecording read;
		try {
			if (!Files.isRegularFile(recording)) {
				throw new IOException("the app left no recording at " + recording);
			}
			read = JfrRecording.read(recording);
		}
		catch (IOException ex) {
			logger.warn("JFR cross-check impossible: {}", ex.getMessage());
			return cells.stream().map((cell) -> cell.withJfr(JfrCheck.unavailable(file, ex.getMessage()))).toList();
		}
		return cells.stream()
			.map((cell) -> cell.withJfr(JfrCheck.of(file,
					read.window(Instant.parse(cell.startedAt()), Instant.parse(cell.finishedAt())), cell.server())))
			.toList();
	}

}
