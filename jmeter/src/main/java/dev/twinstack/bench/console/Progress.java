package dev.twinstack.bench.console;

import java.time.Duration;
import java.time.Instant;

/**
 * Tells how far a bench is: the elapsed time and an estimate of the time left, from the
 * cells measured so far (their mean wall time, set-up included) or, before the first one
 * ends, from the plan (ramp-up + hold + a few seconds of collection per cell).
 */
public final class Progress {

	/** Collection after each cell: drain, stored count, JTL, dashboard, CSV (s). */
	private static final long CELL_OVERHEAD_SECONDS = 6;

	/** Start, warm-up and memory measurement of one app, besides its warm-up load (s). */
	private static final long APP_OVERHEAD_SECONDS = 20;

	private final Instant start;

	private final int cells;

	private final long plannedCellSeconds;

	private final long plannedAppSeconds;

	private int cellsDone;

	private Duration cellTime = Duration.ZERO;

	private Instant cellStart;

	private int appsLeft;

	private Instant appStart;

	/**
	 * Creates the tracker.
	 * @param start when the bench started
	 * @param cells the number of cells
	 * @param cellSeconds ramp-up + hold of one cell (s)
	 * @param appSeconds warm-up and memory measurement of one app (s)
	 * @param apps the number of apps the bench starts
	 */
	public Progress(Instant start, int cells, long cellSeconds, long appSeconds, int apps) {
		this.start = start;
		this.cells = cells;
		this.appsLeft = apps;
		this.plannedCellSeconds = cellSeconds + CELL_OVERHEAD_SECONDS;
		this.plannedAppSeconds = appSeconds + APP_OVERHEAD_SECONDS;
	}

	/**
	 * Marks the start of an app.
	 * @param now the current time
	 */
	public synchronized void appStarting(Instant now) {
		this.appsLeft = Math.max(0, this.appsLeft - 1);
		this.appStart = now;
	}

	/**
	 * Marks the start of a cell.
	 * @param now the current time
	 */
	public synchronized void cellStarted(Instant now) {
		this.cellStart = now;
		this.appStart = null;
	}

	/**
	 * Marks the end of a cell.
	 * @param now the current time
	 */
	public synchronized void cellFinished(Instant now) {
		if (this.cellStart != null) {
			this.cellTime = this.cellTime.plus(Duration.between(this.cellStart, now));
			this.cellStart = null;
		}
		this.cellsDone++;
	}

	/**
	 * Returns the elapsed time and the estimated time left.
	 * @param now the current time
	 * @return e.g. {@code elapsed 2:31, ETA 9:40}
	 */
	public synchronized String status(Instant now) {
		long perCell = (this.cellsDone > 0) ? this.cellTime.toSeconds() / this.cellsDone : this.plannedCellSeconds;
		long cellsLeft = this.cells - this.cellsDone;
		long inCell = (this.cellStart != null) ? Math.min(perCell, Duration.between(this.cellStart, now).toSeconds())
				: 0;
		long setupLeft = (this.appStart != null)
				? Math.max(0, this.plannedAppSeconds - Duration.between(this.appStart, now).toSeconds()) : 0;
		long left = Math.max(0, cellsLeft * perCell - inCell + this.appsLeft * this.plannedAppSeconds + setupLeft);
		return "elapsed " + Console.elapsed(Duration.between(this.start, now)) + ", ETA "
				+ Console.elapsed(Duration.ofSeconds(left));
	}

}
