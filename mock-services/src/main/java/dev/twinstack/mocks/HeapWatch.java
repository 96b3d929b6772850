package dev.twinstack.mocks;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says when mock-services' heap fills up, before it is exhausted: after every garbage
 * collection it compares the heap still used with the maximum heap, and once that share
 * reaches the warning threshold it logs one WARN line naming how many profiles MongoDB
 * holds and what to do, and keeps the warning for {@code GET /__admin/ext/mongo} until
 * the heap falls below the threshold again (after a drop, say), which it logs too.
 * Without it a full heap only shows as every stack getting slow (full GCs), silently.
 */
final class HeapWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(HeapWatch.class);

	private static final long MB = 1024 * 1024;

	private final int warningPercent;

	private final MongoStorage storage;

	private final LongSupplier documents;

	private final List<NotificationEmitter> emitters = new ArrayList<>();

	private final NotificationListener listener = this::onNotification;

	private final Set<String> heapPools;

	private volatile int usedPercent;

	private volatile String warning;

	/**
	 * Creates a watch; {@link #start()} subscribes it to the JVM's collections.
	 * @param warningPercent heap used after GC, in percent of the maximum, from which it
	 * warns
	 * @param storage where MongoDB keeps its documents (for the advice)
	 * @param documents counts the profiles MongoDB holds
	 */
	HeapWatch(int warningPercent, MongoStorage storage, LongSupplier documents) {
		this.warningPercent = warningPercent;
		this.storage = storage;
		this.documents = documents;
		this.heapPools = ManagementFactory.getMemoryPoolMXBeans()
			.stream()
			.filter((pool) -> pool.getType() == MemoryType.HEAP)
			.map(MemoryPoolMXBean::getName)
			.collect(Collectors.toSet());
	}

	/** Listens to every garbage collector's end-of-collection notification (once). */
	synchronized void start() {
		if (!this.emitters.isEmpty()) {
			return;
		}
		for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
			if (collector instanceof NotificationEmitter emitter) {
				emitter.addNotificationListener(this.listener, null, null);
				this.emitters.add(emitter);
			}
		}
	}

	private void onNotification(Notification notification, Object handback) {
		if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
			return;
		}
		GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo
			.from((CompositeData) notification.getUserData());
		long used = info.getGcInfo()
			.getMemoryUsageAfterGc()
			.entrySet()
			.stream()
			.filter((pool) -> this.heapPools.contains(pool.getKey()))
			.mapToLong((pool) -> pool.getValue().getUsed())
			.sum();
		afterCollection(used, Runtime.getRuntime().maxMemory());
	}

	/**
	 * Takes one reading: warns when the heap crosses the threshold upwards, logs when it
	 * falls below it again.
	 * @param usedAfterGc heap still used after the collection (bytes)
	 * @param maxHeap the maximum heap (bytes)
	 */
	void afterCollection(long usedAfterGc, long maxHeap) {
		if (maxHeap <= 0) {
			return;
		}
		int percent = (int) Math.min(100, usedAfterGc * 100 / maxHeap);
		this.usedPercent = percent;
		if (percent >= this.warningPercent) {
			if (this.warning == null) {
				this.warning = message(percent, usedAfterGc, maxHeap, this.documents.getAsLong());
				logger.warn(this.warning);
			}
		}
		else if (this.warning != null) {
			this.warning = null;
			logger.info("mock-services heap back to {}% after GC ({} profiles in MongoDB)", percent,
					this.documents.getAsLong());
		}
	}

	private String message(int percent, long used, long max, long documentCount) {
		String advice = (this.storage.kind() == MongoStorage.Kind.MEMORY)
				? "MongoDB keeps them in memory (about 16 KB of heap each): requests that store documents will slow "
						+ "down, then fail. Drop the collection (db.profiles.drop()) or restart mock-services, or "
						+ "run it with --mongo-storage disk"
				: "MongoDB keeps them on disk, but a query over the whole collection (a count with a filter, an "
						+ "aggregation, a find without a limit) loads every document it matches onto the heap: count "
						+ "with estimatedDocumentCount, drop the collection, or give mock-services a larger heap (-Xmx)";
		return String.format(Locale.ROOT,
				"mock-services heap %d%% full after GC (%d of %d MB) with %d profiles "
						+ "in MongoDB (warning from %d%%). %s.",
				percent, used / MB, max / MB, documentCount, this.warningPercent, advice);
	}

	/**
	 * Returns the warning while the heap is above the threshold.
	 * @return the WARN line logged when it crossed, empty below the threshold
	 */
	Optional<String> warning() {
		return Optional.ofNullable(this.warning);
	}

	/**
	 * Returns the heap used after the last collection.
	 * @return percent of the maximum heap, 0 before the first collection
	 */
	int usedPercent() {
		return this.usedPercent;
	}

	@Override
	public synchronized void close() {
		for (NotificationEmitter emitter : this.emitters) {
			try {
				emitter.removeNotificationListener(this.listener);
			}
			catch (ListenerNotFoundException ex) {
				// already removed
			}
		}
		this.emitters.clear();
	}

}
