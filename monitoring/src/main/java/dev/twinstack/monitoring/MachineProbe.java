package dev.twinstack.monitoring;

import java.util.List;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;

/**
 * Reads how busy the whole machine's CPU was since the previous reading, through OSHI's
 * tick counters ({@code /proc/stat} on Linux): {@code machine_cpu}, the share of all
 * logical processors' ticks that were neither idle nor waiting for I/O (0–1), the same
 * definition as OSHI's {@code getSystemCpuLoadBetweenTicks}.
 * <p>
 * {@code NaN} at the first reading and whenever no tick has elapsed since the previous
 * one: OSHI caches the counters for 300 ms ({@code oshi.util.memoizer.expiration}), so
 * two readings closer than that see the same counters, and an interval without ticks says
 * nothing about the load (reporting it as 0 % busy would pull every mean down). The
 * previous counters are then kept, so the next reading covers the whole interval.
 */
public final class MachineProbe implements Probe {

	private final CentralProcessor processor;

	private long[] previousTicks;

	/**
	 * Creates the probe.
	 */
	public MachineProbe() {
		this.processor = new SystemInfo().getHardware().getProcessor();
	}

	@Override
	public List<String> columns() {
		return List.of("machine_cpu");
	}

	@Override
	public synchronized double[] read() {
		long[] ticks = this.processor.getSystemCpuLoadTicks();
		if (this.previousTicks == null) {
			this.previousTicks = ticks;
			return new double[] { Double.NaN };
		}
		double load = busyShare(this.previousTicks, ticks);
		if (!Double.isNaN(load)) {
			this.previousTicks = ticks;
		}
		return new double[] { load };
	}

	/**
	 * Returns the share of ticks that were busy between two readings of the counters.
	 * @param before the earlier counters, indexed by {@link TickType#getIndex()}
	 * @param after the later counters
	 * @return busy ticks ÷ all ticks (0–1), {@code NaN} when no tick elapsed
	 */
	static double busyShare(long[] before, long[] after) {
		long total = 0;
		for (TickType type : TickType.values()) {
			total += after[type.getIndex()] - before[type.getIndex()];
		}
		if (total <= 0) {
			return Double.NaN;
		}
		long idle = after[TickType.IDLE.getIndex()] - before[TickType.IDLE.getIndex()]
				+ after[TickType.IOWAIT.getIndex()] - before[TickType.IOWAIT.getIndex()];
		return Math.min(1, Math.max(0, (double) (total - idle) / total));
	}

}
