package dev.twinstack.monitoring;

import java.io.IOException;
import java.util.List;

/**
 * A source of readings for a {@link MetricsSampler}: reads a fixed set of named values
 * (its columns) once per sampling interval.
 */
public interface Probe {

	/**
	 * Returns the names of the values this probe reads, in the order {@link #read()}
	 * returns them, e.g. {@code app_heap_used_mb}.
	 * @return the column names
	 */
	List<String> columns();

	/**
	 * Reads the values once. A value that does not exist (yet) is {@code NaN}.
	 * @return one value per column
	 * @throws IOException when the reading failed as a whole (the sampler records
	 * {@code NaN} for every column and counts the failure)
	 * @throws InterruptedException when interrupted while reading
	 */
	double[] read() throws IOException, InterruptedException;

}
