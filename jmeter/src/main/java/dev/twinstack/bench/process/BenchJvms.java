package dev.twinstack.bench.process;

import java.nio.file.Path;
import java.util.List;

/**
 * JVM options the bench adds to the JVMs it starts, for watching them: a readable
 * VisualVM display name and, for the apps, a JFR recording.
 */
public final class BenchJvms {

	private BenchJvms() {
	}

	/**
	 * Returns the VisualVM display name of a JVM.
	 * @param role {@code app} or {@code mocks}
	 * @param stack the app's stack id, or {@code null} for the mocks
	 * @param heap the heap limit, e.g. {@code 512m}
	 * @param runId the bench run's id
	 * @return e.g. {@code twinstack-app-mvc-512m-bt4k2x}
	 */
	public static String displayName(String role, String stack, String heap, String runId) {
		return "twinstack-" + role + ((stack != null) ? "-" + stack : "") + "-" + heap + "-" + runId;
	}

	/**
	 * Returns the options of an app JVM: display name and a JFR recording with the
	 * {@code profile} settings, written when the JVM exits (also on SIGTERM).
	 * @param stack the app's stack id
	 * @param heap the heap limit, e.g. {@code 512m}
	 * @param runId the bench run's id
	 * @param recording the {@code .jfr} file
	 * @return the options
	 */
	static List<String> appOptions(String stack, String heap, String runId, Path recording) {
		return List.of("-Dvisualvm.display.name=" + displayName("app", stack, heap, runId),
				"-XX:StartFlightRecording=filename=" + recording + ",settings=profile,dumponexit=true");
	}

	/**
	 * Returns the heap limit given by {@code -Xmx} in JVM options.
	 * @param jvmArgs the options
	 * @return e.g. {@code 512m}, or {@code defaultheap}
	 */
	public static String heapOf(List<String> jvmArgs) {
		String heap = "defaultheap";
		for (String arg : jvmArgs) {
			if (arg.startsWith("-Xmx")) {
				heap = arg.substring(4).toLowerCase(java.util.Locale.ROOT);
			}
		}
		return heap;
	}

}
