package dev.twinstack.monitoring;

import java.util.List;

import oshi.SystemInfo;
import oshi.software.os.OSProcess;

/**
 * Reads the resident set size and the CPU use of one process by pid, through OSHI:
 * <ul>
 * <li>{@code <prefix>_rss_mb}: resident set size (MB = 2^20 bytes);</li>
 * <li>{@code <prefix>_cpu}: CPU time (user + system) used since the previous reading
 * divided by the wall time since then and by the machine's logical processors: the
 * process's share of the whole machine (0–1; 0.5 on 2 cores = one core busy). {@code NaN}
 * at the first reading (no interval yet).</li>
 * </ul>
 * Both are {@code NaN} once the process has exited.
 */
public final class ProcessProbe implements Probe {

	private static final double MB = 1024 * 1024;

	private static final long MIN_INTERVAL_NANOS = 100_000_000;

	private final List<String> columns;

	private final OSProcess process;

	private final int logicalProcessors;

	private long previousCpuMillis = -1;

	private long previousNanos;

	/**
	 * Creates the probe.
	 * @param prefix the column prefix, e.g. {@code mocks}
	 * @param pid the process id
	 * @throws IllegalArgumentException when no process has this id
	 */
	public ProcessProbe(String prefix, long pid) {
		SystemInfo system = new SystemInfo();
		this.process = system.getOperatingSystem().getProcess((int) pid);
		if (this.process == null) {
			throw new IllegalArgumentException("no process with pid " + pid);
		}
		this.logicalProcessors = system.getHardware().getProcessor().getLogicalProcessorCount();
		this.columns = List.of(prefix + "_rss_mb", prefix + "_cpu");
	}

	@Override
	public List<String> columns() {
		return this.columns;
	}

	@Override
	public synchronized double[] read() {
		long now = System.nanoTime();
		if (!this.process.updateAttributes()) {
			return new double[] { Double.NaN, Double.NaN };
		}
		long cpuMillis = this.process.getKernelTime() + this.process.getUserTime();
		double cpu = Double.NaN;
		if (this.previousCpuMillis >= 0 && now - this.previousNanos >= MIN_INTERVAL_NANOS) {
			double wallMillis = (now - this.previousNanos) / 1_000_000.0;
			cpu = Math.max(0, cpuMillis - this.previousCpuMillis) / wallMillis / this.logicalProcessors;
		}
		if (this.previousCpuMillis < 0 || now - this.previousNanos >= MIN_INTERVAL_NANOS) {
			this.previousCpuMillis = cpuMillis;
			this.previousNanos = now;
		}
		return new double[] { this.process.getResidentMemory() / MB, cpu };
	}

}
