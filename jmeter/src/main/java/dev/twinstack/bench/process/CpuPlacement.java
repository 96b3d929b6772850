package dev.twinstack.bench.process;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import dev.twinstack.bench.matrix.AppCpus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

/**
 * Where the processes of one app start run: the app on the machine's last {@code n}
 * logical CPUs alone, JMeter (this JVM), mock-services and MongoDB on the others; or, for
 * {@link AppCpus#ALL}, everything on every CPU.
 * <p>
 * The app is pinned when it starts ({@link #commandPrefix()}), because HotSpot sizes
 * itself from the CPU affinity mask it finds at startup: on Linux
 * {@code os::Linux::active_processor_count()} counts the CPUs of
 * {@code sched_getaffinity(0, …)} (HotSpot {@code src/hotspot/os/linux/os_linux.cpp};
 * JDK-6515172 "Runtime.availableProcessors() ignores Linux taskset command", fixed in JDK
 * 9 and 8u131; JDK-8146115 added the cgroup CPU limit of containers to the same count).
 * From that count come {@code Runtime.availableProcessors()}, the GC's parallel and
 * concurrent threads, the JIT compiler threads, the ForkJoin common pool, Reactor Netty's
 * event loops and the virtual-thread carriers, and the GC itself: with one CPU the JVM is
 * not a "server-class machine" and picks Serial GC instead of G1 (observed on JDK 17 and
 * 25). A JVM pinned while it runs keeps the pools it made at startup, on fewer CPUs. This
 * is why the harness is pinned after its start ({@link #pinHarness}) and the app at its
 * start: the app then behaves as in a container with a CPU limit.
 * <p>
 * Pinning uses {@code taskset} from util-linux; where it is missing or the OS is not
 * Linux, {@link #available()} is {@code false}, {@link #pinningOffMessage()} says why,
 * and nothing is pinned.
 */
public final class CpuPlacement {

	private static final Logger logger = LoggerFactory.getLogger(CpuPlacement.class);

	private static final String HARNESS = "JMeter, mock-services and MongoDB";

	private final List<Integer> machineCpus;

	private final AppCpus appCpus;

	private final Optional<String> unavailableReason;

	/**
	 * Creates the placement.
	 * @param machineCpus the ids of the machine's logical CPUs, e.g. {@code [0, 1]}
	 * @param appCpus the cores given to the app, leaving at least one CPU to the rest
	 * ({@code bench.appCpus} is checked where it is parsed)
	 * @param unavailableReason why taskset cannot be used, empty when it can
	 */
	CpuPlacement(List<Integer> machineCpus, AppCpus appCpus, Optional<String> unavailableReason) {
		this.machineCpus = List.copyOf(new TreeSet<>(machineCpus));
		if (this.machineCpus.isEmpty()) {
			throw new IllegalArgumentException("no CPU");
		}
		this.appCpus = appCpus;
		this.unavailableReason = unavailableReason;
	}

	/**
	 * Places an app start on this machine: its logical CPUs from OSHI, taskset's presence
	 * checked once per JVM.
	 * @param appCpus the cores given to the app, leaving at least one CPU to the rest
	 * @return the placement
	 */
	public static CpuPlacement detect(AppCpus appCpus) {
		return new CpuPlacement(machineCpus(), appCpus, Taskset.unavailableReason());
	}

	/**
	 * Returns why the app cannot be placed on CPUs of its own here, checked once per JVM.
	 * @return empty when {@code taskset} works, else a short reason, e.g. {@code taskset
	 * was not found on the PATH (it comes with util-linux)}
	 */
	public static Optional<String> unavailableReason() {
		return Taskset.unavailableReason();
	}

	/**
	 * Returns the machine's logical CPUs, as OSHI reads them ({@code /proc/cpuinfo} and
	 * sysfs on Linux): all of them, whatever this JVM's affinity. Not
	 * {@code Runtime.availableProcessors()}, which shrinks once this JVM is pinned.
	 * @return the CPU ids, ascending, e.g. {@code [0, 1]}
	 */
	static List<Integer> machineCpus() {
		CentralProcessor processor = new SystemInfo().getHardware().getProcessor();
		List<Integer> cpus = List.copyOf(new TreeSet<>(processor.getLogicalProcessors()
			.stream()
			.map(CentralProcessor.LogicalProcessor::getProcessorNumber)
			.toList()));
		return cpus.isEmpty() ? List.of(0) : cpus;
	}

	public AppCpus appCpus() {
		return this.appCpus;
	}

	/**
	 * Returns the machine's logical core count.
	 * @return e.g. 2
	 */
	int machineCores() {
		return this.machineCpus.size();
	}

	/**
	 * Returns the CPUs the app runs on.
	 * @return the machine's last {@code n} CPU ids, or every CPU for {@code all}
	 */
	List<Integer> appCpuIds() {
		return this.appCpus.isAll() ? this.machineCpus
				: this.machineCpus.subList(this.machineCpus.size() - this.appCpus.cores(), this.machineCpus.size());
	}

	/**
	 * Returns the CPUs JMeter, mock-services and MongoDB run on.
	 * @return the CPU ids not given to the app, or every CPU for {@code all}
	 */
	List<Integer> harnessCpuIds() {
		return this.appCpus.isAll() ? this.machineCpus
				: this.machineCpus.subList(0, this.machineCpus.size() - this.appCpus.cores());
	}

	/**
	 * Returns the app's CPUs as a CPU list.
	 * @return e.g. {@code 1} on 2 cores, {@code 2-3} on 4
	 */
	String appCpuList() {
		return format(appCpuIds());
	}

	/**
	 * Returns the harness's CPUs as a CPU list.
	 * @return e.g. {@code 0} on 2 cores, {@code 0-1} on 4 with 2 for the app
	 */
	String harnessCpuList() {
		return format(harnessCpuIds());
	}

	/**
	 * Returns whether taskset can be used here.
	 * @return {@code false} on other OSes than Linux or without taskset
	 */
	boolean available() {
		return this.unavailableReason.isEmpty();
	}

	/**
	 * Returns whether processes are really pinned: taskset is available and the app has
	 * cores of its own.
	 * @return {@code false} for {@code all} or without taskset
	 */
	boolean pins() {
		return available() && !this.appCpus.isAll();
	}

	/**
	 * Returns the one-line message to show when pinning is off for lack of taskset.
	 * @return e.g. {@code CPU pinning is off (bench.appCpus=1 not applied): taskset is
	 * Linux-only and this is Mac OS X}; empty when taskset is available
	 */
	Optional<String> pinningOffMessage() {
		return this.unavailableReason.map((reason) -> "CPU pinning is off"
				+ (this.appCpus.isAll() ? "" : " (" + AppCpus.PROPERTY + "=" + this.appCpus.id() + " not applied)")
				+ ": " + reason);
	}

	/**
	 * Returns what to put before a {@code java} command line to start the app on its
	 * CPUs.
	 * @return {@code [taskset, -c, <app CPU list>]}, or empty for {@code all} or without
	 * taskset
	 */
	List<String> commandPrefix() {
		return pins() ? List.of("taskset", "-c", appCpuList()) : List.of();
	}

	/**
	 * Returns what to put before a load generator's command line (wrk) to run it with the
	 * harness.
	 * @return {@code [taskset, -c, <harness CPU list>]}, or empty for {@code all} or
	 * without taskset
	 */
	public List<String> harnessCommandPrefix() {
		return pins() ? List.of("taskset", "-c", harnessCpuList()) : List.of();
	}

	/**
	 * Moves every thread of running processes (this JVM:
	 * {@code ProcessHandle.current().pid()}, mock-services, MongoDB) onto the harness's
	 * CPUs, or back onto every CPU for {@code all}, with {@code taskset -a -p -c <list>
	 * <pid>}. Does nothing without taskset. These JVMs keep the thread pools they sized
	 * at startup (see the class comment); only where the threads run changes.
	 * @param pids the processes
	 * @throws BenchException with taskset's output when a process does not exist or
	 * taskset fails
	 */
	public void pinHarness(long... pids) {
		if (!available()) {
			return;
		}
		for (long pid : pids) {
			Taskset.pinAllThreads(pid, harnessCpuIds());
			logger.info("Pinned every thread of pid {} to CPU {}", pid, harnessCpuList());
		}
	}

	/**
	 * Lends a running app every CPU of the machine ({@code taskset -a -p}), e.g. for its
	 * JIT to finish during the warm-up: its JVM keeps the pools it sized at startup (see
	 * the class comment), only where its threads run changes. Undo with {@link #pinApp}.
	 * @param pid the app's process
	 * @return {@code true} when the app was moved; {@code false} when it is not pinned
	 * (already on every CPU, or no taskset)
	 * @throws BenchException with taskset's output when the process does not exist or
	 * taskset fails
	 */
	public boolean widenApp(long pid) {
		if (!pins()) {
			return false;
		}
		Taskset.pinAllThreads(pid, this.machineCpus);
		logger.info("Lent every CPU ({}) to the app, pid {}", format(this.machineCpus), pid);
		return true;
	}

	/**
	 * Moves every thread of a running app back onto its own CPUs, after
	 * {@link #widenApp}. Does nothing when the app is not pinned.
	 * @param pid the app's process
	 * @throws BenchException with taskset's output when the process does not exist or
	 * taskset fails
	 */
	public void pinApp(long pid) {
		if (pins()) {
			Taskset.pinAllThreads(pid, appCpuIds());
			logger.info("Pinned every thread of the app, pid {}, back to CPU {}", pid, appCpuList());
		}
	}

	/**
	 * Describes the placement for the report.
	 * @return e.g. {@code app on CPU 1 (1 of 2 cores), JMeter, mock-services and MongoDB
	 * on CPU 0} or {@code no pinning: app, JMeter, mock-services and MongoDB share CPUs
	 * 0-1}
	 */
	public String describe() {
		if (pins()) {
			return "app on " + cpus(appCpuIds()) + " (" + this.appCpus.cores() + " of " + machineCores() + " cores), "
					+ HARNESS + " on " + cpus(harnessCpuIds());
		}
		return "no pinning" + this.unavailableReason.map((reason) -> " (" + reason + ")").orElse("") + ": app, "
				+ HARNESS + " share " + cpus(this.machineCpus);
	}

	/**
	 * Says how the app's JVM sizes itself under this placement, for the report.
	 * @return e.g. {@code The app's JVM sees 1 processor, as in a container limited to 1
	 * CPU: …}; empty when nothing is pinned
	 */
	public Optional<String> jvmSizingNote() {
		if (!pins()) {
			return Optional.empty();
		}
		int n = this.appCpus.cores();
		return Optional.of("The app's JVM sees " + n + ((n == 1) ? " processor" : " processors")
				+ " (its CPU affinity at startup), as in a container limited to " + n + ((n == 1) ? " CPU" : " CPUs")
				+ ": it sizes its GC, JIT compiler and ForkJoin common-pool threads, Reactor Netty's event loops and "
				+ "the virtual-thread carriers to " + ((n == 1) ? "it" : "them")
				+ ((n == 1) ? ", and picks Serial GC instead of G1 unless a GC is given" : "") + ".");
	}

	@Override
	public String toString() {
		return describe();
	}

	private static String cpus(List<Integer> ids) {
		return ((ids.size() == 1) ? "CPU " : "CPUs ") + format(ids);
	}

	/**
	 * Formats CPU ids as a CPU list, the form of taskset {@code -c} and of
	 * {@code Cpus_allowed_list}.
	 * @param cpus CPU ids, ascending
	 * @return e.g. {@code 0}, {@code 2-3}, {@code 0,2-3}
	 */
	static String format(List<Integer> cpus) {
		List<String> ranges = new ArrayList<>();
		int i = 0;
		while (i < cpus.size()) {
			int j = i;
			while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
				j++;
			}
			ranges.add((i == j) ? cpus.get(i).toString() : cpus.get(i) + "-" + cpus.get(j));
			i = j + 1;
		}
		return String.join(",", ranges);
	}

	/**
	 * Parses a CPU list.
	 * @param list e.g. {@code 0}, {@code 0-1}, {@code 0,2-3}
	 * @return the CPU ids, ascending, without repeats
	 * @throws NumberFormatException when the list is malformed
	 */
	static List<Integer> parse(String list) {
		TreeSet<Integer> cpus = new TreeSet<>();
		for (String part : list.split(",")) {
			String[] bounds = part.trim().split("-", 2);
			int first = Integer.parseInt(bounds[0]);
			int last = (bounds.length == 2) ? Integer.parseInt(bounds[1]) : first;
			for (int cpu = first; cpu <= last; cpu++) {
				cpus.add(cpu);
			}
		}
		return List.copyOf(cpus);
	}

}
