package dev.twinstack.bench;

import java.time.Duration;

/**
 * The bench's user-facing output on stdout: progress lines, the summary and the report's
 * path. Diagnostics go to the log instead.
 */
final class Console {

	private Console() {
	}

	static void line(String text) {
		System.out.println(text);
		System.out.flush();
	}

	static String elapsed(Duration duration) {
		long seconds = duration.toSeconds();
		return String.format("%d:%02d", seconds / 60, seconds % 60);
	}

}
