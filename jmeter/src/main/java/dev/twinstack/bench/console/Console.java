package dev.twinstack.bench.console;

import java.time.Duration;

/**
 * The bench's user-facing output on stdout: progress lines, the summary and the report's
 * path. Diagnostics go to the log instead.
 */
public final class Console {

	/** The only thread still allowed to print, once the bench is shutting down. */
	private static volatile Thread exclusive;

	private Console() {
	}

	public static void line(String text) {
		Thread only = exclusive;
		if (only == null || only == Thread.currentThread()) {
			System.out.println(text);
			System.out.flush();
		}
	}

	/**
	 * Lets only the given thread print from now on: once the bench is interrupted, the
	 * lines of the threads still winding down would only confuse.
	 * @param thread the thread, e.g. the shutdown hook
	 */
	public static void exclusiveTo(Thread thread) {
		exclusive = thread;
	}

	public static String elapsed(Duration duration) {
		long seconds = duration.toSeconds();
		return String.format("%d:%02d", seconds / 60, seconds % 60);
	}

}
