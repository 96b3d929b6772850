package dev.twinstack.bench;

/**
 * Everything measured in one cell.
 *
 * @param cell stack, fanout and concurrency
 * @param runId prefix of the cell's request ids ({@code X-Request-Id: <runId>-<n>})
 * @param durationSeconds configured hold time after the ramp-up (s)
 * @param load JMeter's figures
 * @param server the app's heap and threads
 * @param storage acknowledged versus stored
 * @param ceiling the Little's-law ceiling and efficiency
 * @param jtl the cell's JTL file, relative to the output folder
 * @param dashboard the cell's JMeter dashboard folder, relative to the output folder
 * @param appLog the app's log, relative to the output folder
 */
public record CellResult(Cell cell, String runId, long durationSeconds, LoadStats load, ServerStats server,
		Storage storage, Ceiling ceiling, String jtl, String dashboard, String appLog) {

}
