package dev.twinstack.monitoring;

import java.util.List;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

/**
 * Reads how busy the whole machine's CPU was since the previous reading, through OSHI:
 * {@code machine_cpu}, the share of all logical processors' time not idle (0–1).
 * {@code NaN} at the first reading.
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
		double load = (this.previousTicks != null) ? this.processor.getSystemCpuLoadBetweenTicks(this.previousTicks)
				: Double.NaN;
		this.previousTicks = ticks;
		return new double[] { load };
	}

}
