package dev.twinstack.bench.load;

import java.util.Collection;

/**
 * The window every remote load engine covers in a trial: from the latest engine's first
 * sample start to the earliest engine's last sample end. JMeter's controller configures
 * and starts its remote engines one after another (apache/jmeter#6232: 0.7–1.7 s apart on
 * a 2-core machine, warm), so at both edges of a trial only some engines load the app; a
 * rate over the union of their windows mixes those edges in and reads low (two engines
 * gave 29.9 req/s where one JMeter in the bench's JVM gave 49.6 on the same cell).
 *
 * @param startMs the latest engine's first sample start (ms since the epoch)
 * @param endMs the earliest engine's last sample end (ms since the epoch); never before
 * {@code startMs} (equal when the engines' windows did not overlap)
 * @param startSpreadMs how far apart the engines started: the latest first start minus
 * the earliest (ms)
 * @param endSpreadMs how far apart they ended: the latest last end minus the earliest
 * (ms)
 */
public record EngineWindow(long startMs, long endMs, long startSpreadMs, long endSpreadMs) {

	/**
	 * Returns the window the given engines share.
	 * @param engines each engine's first sample start and last sample end (ms since the
	 * epoch), as {@code {start, end}}; at least one
	 * @return the common window
	 * @throws IllegalArgumentException when there is no engine
	 */
	static EngineWindow of(Collection<long[]> engines) {
		if (engines.isEmpty()) {
			throw new IllegalArgumentException("no engine with a sample: no common window");
		}
		long latestStart = engines.stream().mapToLong((bounds) -> bounds[0]).max().getAsLong();
		long earliestStart = engines.stream().mapToLong((bounds) -> bounds[0]).min().getAsLong();
		long earliestEnd = engines.stream().mapToLong((bounds) -> bounds[1]).min().getAsLong();
		long latestEnd = engines.stream().mapToLong((bounds) -> bounds[1]).max().getAsLong();
		return new EngineWindow(latestStart, Math.max(latestStart, earliestEnd), latestStart - earliestStart,
				latestEnd - earliestEnd);
	}

	/**
	 * Returns the window's length.
	 * @return ms, 0 when the engines' windows did not overlap
	 */
	public long durationMs() {
		return this.endMs - this.startMs;
	}

}
