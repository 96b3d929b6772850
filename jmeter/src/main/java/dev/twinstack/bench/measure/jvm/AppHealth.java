package dev.twinstack.bench.measure.jvm;

import static dev.twinstack.bench.text.Text.fmt;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What became of the app during a trial. An exhausted heap is a result, not a bench
 * failure: the app runs with {@code -XX:+ExitOnOutOfMemoryError}, so it exits at its
 * first {@code OutOfMemoryError} (the trial's remaining requests fail fast), the cause is
 * taken from its log, and the bench restarts it for the next cell.
 *
 * @param status {@code ok}, {@code oom} (an {@code OutOfMemoryError}, the app exited or
 * survived it), {@code gc-thrash} (at least half the trial in GC pauses) or
 * {@code crashed} (exited for another reason: killed by a signal, a JVM fatal error, an
 * exit code)
 * @param cause the evidence, e.g. {@code java.lang.OutOfMemoryError: Java heap space},
 * {@code null} when {@code ok}
 * @param gc the trial's GC pauses
 */
public record AppHealth(String status, String cause, GcLog.Summary gc) {

	private static final Pattern OOM = Pattern.compile("((?:[\\w.]+\\.)?\\w*OutOfMemoryError(?::[^\\n]*)?)");

	/**
	 * The line of a JVM fatal error report naming the signal or error, e.g.
	 * {@code #  SIGSEGV (0xb) at pc=0x00007f…, pid=4242, tid=4243}.
	 */
	private static final Pattern FATAL_ERROR = Pattern
		.compile("(?m)^#\\s+((?:SIG[A-Z]+|EXCEPTION_\\w+|Internal Error|Out of Memory Error)\\b.*)$");

	/** Exit codes above 128 are 128 + the number of the signal that ended the process. */
	private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 6, "SIGABRT", 9,
			"SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

	/**
	 * Judges a trial.
	 * @param alive whether the app still runs
	 * @param exitCode its exit code when it does not
	 * @param logDuringTrial what the app logged during the trial
	 * @param gc the trial's GC pauses
	 * @return the verdict
	 */
	public static AppHealth assess(boolean alive, Integer exitCode, String logDuringTrial, GcLog.Summary gc) {
		Optional<String> oom = firstOutOfMemoryError(logDuringTrial);
		if (oom.isPresent()) {
			return new AppHealth("oom", oom.get() + (alive ? " (the app survived it)" : ""), gc);
		}
		if (!alive) {
			return new AppHealth("crashed", exitCause(exitCode, logDuringTrial), gc);
		}
		if (gc.thrash()) {
			return new AppHealth("gc-thrash", fmt("%.0f %% of the trial in GC pauses (%d pauses, %d full)",
					gc.share() * 100, gc.pauses(), gc.fullPauses()), gc);
		}
		return new AppHealth("ok", null, gc);
	}

	/**
	 * Judges an app that could not start (its JVM exited or never became ready), e.g. on
	 * a heap too small for Spring Boot itself.
	 * @param failure the start failure's message, with the last lines of the app's log
	 * @return {@code oom} with the error when the log shows one, else {@code crashed}
	 */
	public static AppHealth failedStart(String failure) {
		GcLog.Summary none = new GcLog.Summary(0, 0, 0, 0);
		return firstOutOfMemoryError(failure).map((oom) -> new AppHealth("oom", oom + " (at startup)", none))
			.orElseGet(() -> new AppHealth("crashed", failure.lines().findFirst().orElse(failure), none));
	}

	/**
	 * Tells whether the app must be restarted before the next cell.
	 * @return {@code true} unless {@code ok}
	 */
	public boolean needsRestart() {
		return !"ok".equals(this.status);
	}

	/**
	 * Describes how an app ended: the signal that killed it (exit code 128 + n) or its
	 * exit code, with the fatal error line of its log when the JVM crashed.
	 * @param exitCode the exit code, {@code null} when unknown
	 * @param log what the app logged during the trial
	 * @return e.g. {@code killed by SIGKILL (exit code 137)}
	 */
	public static String exitCause(Integer exitCode, String log) {
		String how;
		if (exitCode != null && exitCode > 128 && exitCode < 160) {
			int signal = exitCode - 128;
			how = "killed by " + SIGNALS.getOrDefault(signal, "signal " + signal) + " (exit code " + exitCode + ")";
		}
		else {
			how = "exited with code " + exitCode;
		}
		Matcher fatal = FATAL_ERROR.matcher(log);
		return fatal.find() ? how + ": " + fatal.group(1).trim() : how;
	}

	public static Optional<String> firstOutOfMemoryError(String log) {
		Matcher matcher = OOM.matcher(log);
		return matcher.find() ? Optional.of(matcher.group(1).trim()) : Optional.empty();
	}

}
