package dev.twinstack.bench.load;

import java.util.List;
import java.util.Map;

/**
 * The failed samples of a trial per second and per kind ({@link ErrorKind}), for the
 * report's time charts: each count is of the failed samples that ended in that second.
 *
 * @param fromMs the first second's start: the trial's first sample's start (ms since the
 * epoch), 0 without samples
 * @param byKind for each kind that failed, the failed samples ending in each second from
 * {@code fromMs} to the last failed sample's end; the most frequent kind first
 */
public record ErrorsPerSecond(long fromMs, Map<String, List<Integer>> byKind) {

	/** No failed sample. */
	public static final ErrorsPerSecond NONE = new ErrorsPerSecond(0, Map.of());

}
