package dev.twinstack.bench.measure.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an app's GC log ({@code -Xlog:gc:file=…:utctime,level,tags}) to tell how much of
 * a trial the JVM spent in stop-the-world pauses. Lines look like
 * {@code [2026-11-21T14:30:00.123+0000][info][gc] GC(12) Pause Young (Normal) (G1 Evacuation Pause) 50M->20M(64M) 3.456ms}.
 */
public final class GcLog {

	/**
	 * From this share of a trial's wall time in GC pauses on, the trial counts as GC
	 * thrash: the app mostly collects garbage instead of serving.
	 */
	static final double THRASH_SHARE = 0.5;

	private static final Pattern PAUSE = Pattern
		.compile("^\\[([^\\]]+)\\].*GC\\(\\d+\\) (Pause [^(]*?)\\s*(\\(.*)? (\\d+(?:\\.\\d+)?)ms$");

	private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

	private GcLog() {
	}

	/**
	 * The GC pauses of one trial.
	 *
	 * @param pauses stop-the-world pauses that ended in the window
	 * @param fullPauses full collections among them
	 * @param pauseMs their total time (ms)
	 * @param share pause time / window length
	 */
	public record Summary(int pauses, int fullPauses, double pauseMs, double share) {

		/**
		 * Tells whether the trial counts as GC thrash.
		 * @return {@code true} from {@link #THRASH_SHARE} of the window in pauses on
		 */
		boolean thrash() {
			return this.share >= THRASH_SHARE;
		}

	}

	/**
	 * Sums the pauses that ended within a window.
	 * @param gcLog the GC log (missing = no pauses)
	 * @param from start of the window
	 * @param to end of the window
	 * @return the summary
	 */
	public static Summary read(Path gcLog, Instant from, Instant to) {
		if (gcLog == null || !Files.isRegularFile(gcLog)) {
			return new Summary(0, 0, 0, 0);
		}
		try {
			return summarise(Files.readAllLines(gcLog, StandardCharsets.UTF_8), from, to);
		}
		catch (IOException ex) {
			return new Summary(0, 0, 0, 0);
		}
	}

	static Summary summarise(List<String> lines, Instant from, Instant to) {
		int pauses = 0;
		int full = 0;
		double pauseMs = 0;
		for (String line : lines) {
			Matcher matcher = PAUSE.matcher(line.trim());
			if (!matcher.matches()) {
				continue;
			}
			Instant at;
			try {
				at = OffsetDateTime.parse(matcher.group(1), UTC_TIME).toInstant();
			}
			catch (DateTimeParseException ex) {
				continue;
			}
			if (at.isBefore(from) || at.isAfter(to)) {
				continue;
			}
			pauses++;
			if (matcher.group(2).startsWith("Pause Full")) {
				full++;
			}
			pauseMs += Double.parseDouble(matcher.group(4));
		}
		long windowMs = Math.max(1, to.toEpochMilli() - from.toEpochMilli());
		return new Summary(pauses, full, pauseMs, pauseMs / windowMs);
	}

}
