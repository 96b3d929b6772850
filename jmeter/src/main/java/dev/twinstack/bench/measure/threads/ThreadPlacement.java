package dev.twinstack.bench.measure.threads;

import static dev.twinstack.bench.text.Text.fmt;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.twinstack.bench.matrix.Stack;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Which threads did the work of one trial, measured from the app's JFR recording (not
 * from its configuration): the JDK's execution samples ({@code jdk.ExecutionSample}, Java
 * threads on a CPU every 10 ms under {@code settings=profile}) of a time window, each
 * classified by the innermost frame of its stack that belongs to a kind of work
 * ({@link WorkKind}) and counted per thread pool ({@link ThreadPools}). For the
 * virtual-thread stacks it adds the pinned virtual threads
 * ({@code jdk.VirtualThreadPinned}, pins of 20 ms or more under {@code settings=profile},
 * JDK 21+) and the carrier threads' CPU. Where a work kind ran on a pool of another kind
 * than the stack's model intends ({@link PoolKind#intendedFor}) for at least
 * {@link #WARNING_SHARE} of its samples, a warning names the pool.
 *
 * @param intended the kind of thread the stack's model runs its work on
 * @param samples execution samples of every thread in the window
 * @param work per kind of work, the pools that ran it (kinds without samples left out)
 * @param virtualThreads pinning and carrier CPU; {@code null} for a stack on platform
 * threads
 * @param warnings work that ran on a pool the stack's model does not intend, one sentence
 * each
 */
public record ThreadPlacement(PoolKind intended, long samples, List<Work> work, VirtualThreads virtualThreads,
		List<String> warnings) {

	/**
	 * Share of a work kind's samples on unintended pools from which a warning is given.
	 */
	public static final double WARNING_SHARE = 0.05;

	/** Fewest samples of a work kind that can carry a warning. */
	static final int WARNING_MIN_SAMPLES = 20;

	/**
	 * Reads a recording's window.
	 * @param recording the app's JFR file (complete: the app has stopped)
	 * @param from the window's start
	 * @param to the window's end
	 * @param stack the stack that served the window, for its intended model
	 * @return the placement of the window's work
	 * @throws IOException when the recording cannot be read
	 */
	public static ThreadPlacement read(Path recording, Instant from, Instant to, Stack stack) throws IOException {
		if (!to.isAfter(from)) {
			throw new IllegalArgumentException("empty window: " + from + " to " + to);
		}
		Tally tally = new Tally(stack.virtualThreads());
		try (RecordingFile file = new RecordingFile(recording)) {
			while (file.hasMoreEvents()) {
				RecordedEvent event = file.readEvent();
				Instant at = event.getStartTime();
				if (at.isBefore(from) || !at.isBefore(to)) {
					continue;
				}
				switch (event.getEventType().getName()) {
					case "jdk.ExecutionSample" -> tally.sample(event);
					case "jdk.VirtualThreadPinned" -> tally.pinned(event.getDuration());
					case "jdk.CPULoad" -> tally.cpuLoad(event.getFloat("jvmUser") + event.getFloat("jvmSystem"));
					case "jdk.CPUInformation" -> tally.hardwareThreads = event.getInt("hwThreads");
					default -> {
					}
				}
			}
		}
		if (tally.hardwareThreads == 0) {
			// written at the start of each chunk, possibly before the window
			tally.hardwareThreads = hardwareThreads(recording);
		}
		return tally.placement(PoolKind.intendedFor(stack));
	}

	private static int hardwareThreads(Path recording) throws IOException {
		try (RecordingFile file = new RecordingFile(recording)) {
			while (file.hasMoreEvents()) {
				RecordedEvent event = file.readEvent();
				if (event.getEventType().getName().equals("jdk.CPUInformation")) {
					return event.getInt("hwThreads");
				}
			}
		}
		return 0;
	}

	/**
	 * Returns the work of one kind.
	 * @param kind the kind
	 * @return its placement, {@code null} when no sample was of that kind
	 */
	public Work work(WorkKind kind) {
		return this.work.stream().filter((w) -> w.kind() == kind).findFirst().orElse(null);
	}

	/**
	 * One kind of work and the pools that ran it.
	 *
	 * @param kind the kind of work
	 * @param samples its execution samples
	 * @param pools the pools that ran it, most samples first
	 */
	public record Work(WorkKind kind, long samples, List<PoolShare> pools) {
	}

	/**
	 * One thread pool's part of a kind of work.
	 *
	 * @param pool the pool's name pattern, digits as {@code *}, e.g.
	 * {@code http-nio-*-*-exec-*}; virtual threads without a name are {@code unnamed}
	 * @param kind what kind of threads the pool has
	 * @param samples the pool's samples of the work
	 * @param share the pool's share of the work's samples (0 to 1)
	 */
	public record PoolShare(String pool, PoolKind kind, long samples, double share) {
	}

	/**
	 * What the virtual threads cost beyond the work: pinning and the carriers.
	 *
	 * @param pinnedEvents {@code jdk.VirtualThreadPinned} events in the window (pins of
	 * 20 ms or more under {@code settings=profile})
	 * @param pinnedMs their total duration (ms)
	 * @param pinnedMaxMs the longest (ms), 0 without any
	 * @param virtualSamples execution samples of virtual threads
	 * @param carrierSamples execution samples of the carrier threads themselves
	 * (scheduling, not running a virtual thread)
	 * @param carrierShare the share of all samples that ran on the carriers: virtual
	 * threads and the carriers' own (0 to 1)
	 * @param appCpuCores the app's CPU over the window, in cores ({@code jdk.CPULoad}'s
	 * {@code jvmUser + jvmSystem}, a share of the machine once a second, times
	 * {@code jdk.CPUInformation.hwThreads}); {@code null} when not recorded
	 * @param carrierCpuCores the carriers' CPU in cores: {@code carrierShare} of
	 * {@code appCpuCores}; {@code null} when that is missing
	 */
	public record VirtualThreads(long pinnedEvents, double pinnedMs, double pinnedMaxMs, long virtualSamples,
			long carrierSamples, double carrierShare, Double appCpuCores, Double carrierCpuCores) {
	}

	/** Counts as the events are read. */
	private static final class Tally {

		private final boolean virtualThreads;

		private final Map<WorkKind, Map<String, long[]>> byWork = new EnumMap<>(WorkKind.class);

		private final Map<String, PoolKind> poolKinds = new LinkedHashMap<>();

		private long samples;

		private long virtualSamples;

		private long carrierSamples;

		private long pinnedEvents;

		private Duration pinned = Duration.ZERO;

		private Duration pinnedMax = Duration.ZERO;

		private double cpuLoadSum;

		private int cpuLoadCount;

		private int hardwareThreads;

		Tally(boolean virtualThreads) {
			this.virtualThreads = virtualThreads;
		}

		void sample(RecordedEvent event) {
			RecordedThread thread = event.getThread("sampledThread");
			if (thread == null) {
				return;
			}
			this.samples++;
			boolean virtual = ThreadPools.isVirtual(thread);
			String name = thread.getJavaName();
			PoolKind kind = ThreadPools.kind(name, virtual, this.virtualThreads);
			if (kind == PoolKind.VIRTUAL) {
				this.virtualSamples++;
			}
			else if (kind == PoolKind.CARRIER) {
				this.carrierSamples++;
			}
			WorkKind work = WorkKind.of(event.getStackTrace());
			if (work == null) {
				return;
			}
			String pool = ThreadPools.pool(name, virtual);
			this.poolKinds.putIfAbsent(pool, kind);
			this.byWork.computeIfAbsent(work, (key) -> new LinkedHashMap<>())
				.computeIfAbsent(pool, (key) -> new long[1])[0]++;
		}

		void pinned(Duration duration) {
			this.pinnedEvents++;
			this.pinned = this.pinned.plus(duration);
			if (duration.compareTo(this.pinnedMax) > 0) {
				this.pinnedMax = duration;
			}
		}

		void cpuLoad(double machineShare) {
			this.cpuLoadSum += machineShare;
			this.cpuLoadCount++;
		}

		ThreadPlacement placement(PoolKind intended) {
			List<Work> work = new ArrayList<>();
			List<String> warnings = new ArrayList<>();
			this.byWork.forEach((kind, pools) -> {
				long total = pools.values().stream().mapToLong((count) -> count[0]).sum();
				List<PoolShare> shares = pools.entrySet()
					.stream()
					.map((entry) -> new PoolShare(entry.getKey(), this.poolKinds.get(entry.getKey()),
							entry.getValue()[0], (double) entry.getValue()[0] / total))
					.sorted(Comparator.comparingLong(PoolShare::samples).reversed().thenComparing(PoolShare::pool))
					.toList();
				work.add(new Work(kind, total, shares));
				List<PoolShare> unintended = shares.stream().filter((share) -> !intended.admits(share.kind())).toList();
				double share = unintended.stream().mapToDouble(PoolShare::share).sum();
				if (total >= WARNING_MIN_SAMPLES && share >= WARNING_SHARE) {
					warnings.add(fmt("%s: %.0f %% of its samples ran on %s, not on %s", kind.label(), share * 100,
							String.join(", ",
									unintended.stream()
										.map((pool) -> fmt("%s (%s, %.0f %%)", pool.pool(), pool.kind().label(),
												pool.share() * 100))
										.toList()),
							intended.label()));
				}
			});
			return new ThreadPlacement(intended, this.samples, List.copyOf(work),
					this.virtualThreads ? virtualThreads() : null, List.copyOf(warnings));
		}

		private VirtualThreads virtualThreads() {
			double carrierShare = (this.samples > 0)
					? (double) (this.virtualSamples + this.carrierSamples) / this.samples : 0;
			Double appCores = (this.cpuLoadCount > 0 && this.hardwareThreads > 0)
					? this.cpuLoadSum / this.cpuLoadCount * this.hardwareThreads : null;
			return new VirtualThreads(this.pinnedEvents, this.pinned.toNanos() / 1e6, this.pinnedMax.toNanos() / 1e6,
					this.virtualSamples, this.carrierSamples, carrierShare, appCores,
					(appCores != null) ? appCores * carrierShare : null);
		}

	}

}
