package dev.twinstack.monitoring;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordingFile;

/**
 * The heap, thread, CPU and JIT events of a JFR recording file (e.g. written by
 * {@code -XX:StartFlightRecording=filename=app.jfr,settings=profile,dumponexit=true}),
 * read once and summarized per time window: a JVM that served several bench cells is
 * cross-checked cell by cell.
 */
public final class JfrRecording {

	private static final double MB = 1024 * 1024;

	private final List<HeapEvent> heap = new ArrayList<>();

	private final List<ThreadEvent> threads = new ArrayList<>();

	private final List<CpuEvent> cpu = new ArrayList<>();

	private final List<CompilationEvent> compilations = new ArrayList<>();

	private final List<Instant> deoptimizations = new ArrayList<>();

	private record HeapEvent(Instant time, boolean beforeGc, double usedBytes) {
	}

	private record ThreadEvent(Instant time, double active, double peak) {
	}

	private record CpuEvent(Instant time, double jvm, double machine) {
	}

	private record CompilationEvent(Instant start, Instant end) {
	}

	private JfrRecording() {
	}

	/**
	 * Reads the {@code jdk.GCHeapSummary}, {@code jdk.JavaThreadStatistics},
	 * {@code jdk.CPULoad}, {@code jdk.Compilation} and {@code jdk.Deoptimization} events
	 * of a recording.
	 * @param file the {@code .jfr} file
	 * @return the events
	 * @throws IOException when the file cannot be read or is not a complete recording
	 */
	public static JfrRecording read(Path file) throws IOException {
		try (RecordingFile header = new RecordingFile(file)) {
			// opening reads the file's header: fails at once on a file that is no
			// recording
		}
		JfrRecording recording = new JfrRecording();
		try (EventStream events = EventStream.openFile(file)) {
			events.onEvent("jdk.GCHeapSummary", (event) -> recording.heap.add(new HeapEvent(event.getStartTime(),
					"Before GC".equals(event.getString("when")), event.getLong("heapUsed"))));
			events.onEvent("jdk.JavaThreadStatistics", (event) -> recording.threads
				.add(new ThreadEvent(event.getStartTime(), event.getLong("activeCount"), event.getLong("peakCount"))));
			events.onEvent("jdk.CPULoad", (event) -> recording.cpu.add(new CpuEvent(event.getStartTime(),
					event.getFloat("jvmUser") + event.getFloat("jvmSystem"), event.getFloat("machineTotal"))));
			events.onEvent("jdk.Compilation", (event) -> recording.compilations
				.add(new CompilationEvent(event.getStartTime(), event.getEndTime())));
			events.onEvent("jdk.Deoptimization", (event) -> recording.deoptimizations.add(event.getStartTime()));
			events.start();
		}
		catch (RuntimeException ex) {
			throw new IOException("Could not read the JFR recording " + file + ": " + ex.getMessage(), ex);
		}
		return recording;
	}

	/**
	 * Returns the instant of the last event read.
	 * @return the latest event time, or {@code null} when the recording has none of the
	 * events read
	 */
	public Instant lastEventTime() {
		return Stream
			.of(this.heap.stream().map(HeapEvent::time), this.threads.stream().map(ThreadEvent::time),
					this.cpu.stream().map(CpuEvent::time))
			.flatMap((times) -> times)
			.max(Instant::compareTo)
			.orElse(null);
	}

	/**
	 * Summarizes the events of a time window.
	 * @param from the window's start (inclusive)
	 * @param to the window's end (inclusive)
	 * @return the window's figures
	 */
	public JfrWindow window(Instant from, Instant to) {
		Predicate<Instant> inside = (time) -> !time.isBefore(from) && !time.isAfter(to);
		List<HeapEvent> heapEvents = this.heap.stream().filter((event) -> inside.test(event.time())).toList();
		List<HeapEvent> beforeGc = heapEvents.stream().filter(HeapEvent::beforeGc).toList();
		List<HeapEvent> afterGc = heapEvents.stream().filter((event) -> !event.beforeGc()).toList();
		List<ThreadEvent> threadEvents = this.threads.stream().filter((event) -> inside.test(event.time())).toList();
		List<CpuEvent> cpuEvents = this.cpu.stream().filter((event) -> inside.test(event.time())).toList();
		Double peakHeap = max(beforeGc, HeapEvent::usedBytes);
		Double lowestAfter = boxed(afterGc.stream().mapToDouble(HeapEvent::usedBytes).min());
		// a compilation counts with its part inside the window: a 6 s compilation that
		// started before the window still held a compiler thread during it
		List<Duration> compiling = this.compilations.stream()
			.map((event) -> Duration.between(max(event.start(), from), min(event.end(), to)))
			.filter((overlap) -> !overlap.isNegative() && !overlap.isZero())
			.toList();
		long compilationNanos = compiling.stream().mapToLong(Duration::toNanos).sum();
		int deoptimized = (int) this.deoptimizations.stream().filter(inside).count();
		return new JfrWindow(beforeGc.size(), (peakHeap != null) ? peakHeap / MB : null,
				(lowestAfter != null) ? lowestAfter / MB : null, threadEvents.size(),
				max(threadEvents, ThreadEvent::active), max(threadEvents, ThreadEvent::peak),
				mean(cpuEvents, CpuEvent::jvm), mean(cpuEvents, CpuEvent::machine), compiling.size(),
				compilationNanos / 1e6, deoptimized);
	}

	private static Instant max(Instant a, Instant b) {
		return a.isAfter(b) ? a : b;
	}

	private static Instant min(Instant a, Instant b) {
		return a.isBefore(b) ? a : b;
	}

	private static <T> Double max(List<T> events, ToDoubleFunction<T> field) {
		return boxed(events.stream().mapToDouble(field).max());
	}

	private static <T> Double mean(List<T> events, ToDoubleFunction<T> field) {
		return boxed(events.stream().mapToDouble(field).average());
	}

	private static Double boxed(OptionalDouble value) {
		return value.isPresent() ? value.getAsDouble() : null;
	}

}
