package dev.twinstack.bench.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.twinstack.bench.console.Console;
import dev.twinstack.bench.console.Progress;
import dev.twinstack.bench.matrix.Workload;
import dev.twinstack.bench.measure.jvm.MemoryAfterRequests;
import dev.twinstack.bench.measure.jvm.MemoryMeasurement;
import dev.twinstack.bench.measure.storage.ProfileStore;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.BenchException;
import dev.twinstack.bench.settings.BenchSettings;
import dev.twinstack.bench.settings.MemoryRequests;

/**
 * The memory after N requests of an app the bench started: the time to complete them and
 * the heap and RSS after them, read right after its warm-up, once per stack.
 */
final class MemoryReadings {

	private final BenchSettings settings;

	private final ProfileStore store;

	private final String runPrefix;

	private final Progress progress;

	MemoryReadings(BenchSettings settings, ProfileStore store, String runPrefix, Progress progress) {
		this.settings = settings;
		this.store = store;
		this.runPrefix = runPrefix;
		this.progress = progress;
	}

	/**
	 * Measures the time to complete {@link BenchSettings#memoryRequests()} requests of
	 * {@link BenchSettings#memoryWorkload()} and the app's memory after them,
	 * {@link BenchSettings#memoryRepeats()} times back to back (composite: with the first
	 * fanout of the matrix, so the measurement leaves no threads behind that the cells
	 * would not have created anyway).
	 * @param app the warmed-up app
	 * @return the figures of each repeat, empty when the measurement is switched off
	 */
	List<MemoryAfterRequests> measure(AppProcess app) {
		int requests = this.settings.memoryRequests();
		Workload workload = this.settings.memoryWorkload();
		if (workload == null) {
			return List.of();
		}
		List<MemoryAfterRequests> readings = new ArrayList<>();
		int repeats = this.settings.memoryRepeats();
		for (int repeat = 1; repeat <= repeats; repeat++) {
			Console.line(String.format("[memory] %s: %d requests of %s, %d clients, reading %d/%d (%s)",
					app.stack().id(), requests, workload.id(), MemoryRequests.CONCURRENCY, repeat, repeats,
					this.progress.status(Instant.now())));
			MemoryAfterRequests memory = MemoryMeasurement.run(app, workload, requests,
					this.runPrefix + "-memory-" + app.stack().id() + ((repeats > 1) ? "-" + repeat : ""));
			requireAlive(app);
			this.store.drop();
			Console.line(String.format(Locale.ROOT,
					"[memory] %s: heap %s MB after a full GC; %d requests in %.2f s (%d errors, %s GCs); heap %s MB, "
							+ "RSS %s MB; after a full GC heap %s MB, RSS %s MB",
					app.stack().id(), TrialTail.whole(memory.heapBeforeMb()), memory.requests(), memory.seconds(),
					memory.errors(), (memory.collectionsDuring() != null) ? memory.collectionsDuring() : "?",
					TrialTail.whole(memory.heapUsedMb()), TrialTail.whole(memory.rssMb()),
					TrialTail.whole(memory.heapAfterGcMb()), TrialTail.whole(memory.rssAfterGcMb())));
			readings.add(memory);
		}
		return readings;
	}

	private static void requireAlive(AppProcess app) {
		if (!app.process().isAlive()) {
			throw new BenchException(app.process().role() + " died during the load; last lines of "
					+ app.process().log() + ":\n" + app.process().logTail());
		}
	}

}
