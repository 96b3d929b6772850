package dev.twinstack.bench.measure.threads;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import com.mongodb.MongoClientSettings;
import com.mongodb.ServerAddress;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.measure.profile.BusyHandler;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadPlacementTests {

	/**
	 * CPU time each busy thread spends (ms): at least 20 samples (a warning needs 20) at
	 * 10 ms even when JFR drops most, however loaded the machine is.
	 */
	private static final long CPU_MS = 1500;

	/** How long a virtual thread spins (ms). */
	private static final long VIRTUAL_MS = 3000;

	/** Longest a busy thread spins (ms), however little CPU it gets. */
	private static final long WALL_MS = 60_000;

	@TempDir
	Path dir;

	@Test
	void classifiesAFrameByItsPackage() {
		assertThat(WorkKind.ofClass("dev.twinstack.mvc.profile.ProfileService")).isEqualTo(WorkKind.HANDLER);
		assertThat(WorkKind.ofClass("dev.twinstack.webflux.profile.CoroutineProfileService"))
			.isEqualTo(WorkKind.HANDLER);
		assertThat(WorkKind.ofClass("org.apache.hc.client5.http.impl.classic.InternalHttpClient"))
			.isEqualTo(WorkKind.OUTBOUND);
		assertThat(WorkKind.ofClass("reactor.netty.http.client.HttpClientOperations")).isEqualTo(WorkKind.OUTBOUND);
		assertThat(WorkKind.ofClass("jdk.internal.net.http.HttpClientImpl")).isEqualTo(WorkKind.OUTBOUND);
		assertThat(WorkKind.ofClass("com.mongodb.internal.connection.InternalStreamConnection"))
			.isEqualTo(WorkKind.DRIVER);
		assertThat(WorkKind.ofClass("reactor.netty.http.server.HttpServerOperations")).isNull();
		assertThat(WorkKind.ofClass("dev.twinstack.mvc.config.WebServerConfiguration")).isNull();
	}

	@Test
	void groupsThreadsIntoPoolsByName() {
		assertThat(ThreadPools.pool("http-nio-127.0.0.1-8080-exec-12", false)).isEqualTo("http-nio-*-*-exec-*");
		assertThat(ThreadPools.pool("cluster-ClusterId{value='65ab', description='null'}-127.0.0.1:27018", false))
			.isEqualTo("cluster-ClusterId{…}-*");
		assertThat(ThreadPools.pool("", true)).isEqualTo("unnamed");
		assertThat(ThreadPools.kind("reactor-http-epoll-3", false, false)).isEqualTo(PoolKind.EVENT_LOOP);
		assertThat(ThreadPools.kind("multiThreadIoEventLoopGroup-2-1", false, false)).isEqualTo(PoolKind.EVENT_LOOP);
		assertThat(ThreadPools.kind("http-nio-127.0.0.1-8080-exec-1", false, false)).isEqualTo(PoolKind.PLATFORM);
		assertThat(ThreadPools.kind("ForkJoinPool-1-worker-2", false, true)).isEqualTo(PoolKind.CARRIER);
		assertThat(ThreadPools.kind("ForkJoinPool-1-worker-2", false, false)).isEqualTo(PoolKind.PLATFORM);
		assertThat(ThreadPools.kind("tomcat-handler-7", true, true)).isEqualTo(PoolKind.VIRTUAL);
	}

	@Test
	void namesTheDriverOnAPlatformPoolOfAnEventLoopStack() throws Exception {
		Path jfr = this.dir.resolve("platform.jfr");
		Instant from;
		Instant to;
		try (Recording recording = recording()) {
			recording.start();
			join(platform("early-pool-1", this::driverWork));
			from = Instant.now();
			List<Thread> threads = new ArrayList<>();
			// twice the CPU of the other tests' handlers: JFR walks few of a tight loop's
			// stacks on a busy machine (none of this thread's once in CI)
			threads.add(platform("reactor-http-epoll-1",
					() -> BusyHandler.spin(ThreadPlacementTests::outbound, busy(2 * CPU_MS))));
			threads.add(platform("worker-pool-1", this::driverWork));
			threads.forEach(ThreadPlacementTests::join);
			to = Instant.now();
			recording.stop();
			recording.dump(jfr);
		}

		ThreadPlacement placement = ThreadPlacement.read(jfr, from, to, Stack.WEBFLUX);

		assertThat(placement.intended()).isEqualTo(PoolKind.EVENT_LOOP);
		Set<String> own = Set.of("reactor-http-epoll-*", "worker-pool-*", "early-pool-*");
		assertThat(ownShares(placement, WorkKind.HANDLER, own)).as(placement::toString)
			.containsExactly(entry("reactor-http-epoll-*", 1.0));
		assertThat(ownShares(placement, WorkKind.OUTBOUND, own)).as(placement::toString)
			.containsExactly(entry("reactor-http-epoll-*", 1.0));
		assertThat(placement.work(WorkKind.DRIVER).pools()).singleElement()
			.satisfies((pool) -> assertThat(pool.pool()).isEqualTo("worker-pool-*"))
			.satisfies((pool) -> assertThat(pool.kind()).isEqualTo(PoolKind.PLATFORM));
		// JFR keeps too few of the driver thread's samples on a busy machine now and then
		// (6-18 seen in CI): the warning needs 20, so below that it must stay silent
		if (placement.work(WorkKind.DRIVER).samples() >= ThreadPlacement.WARNING_MIN_SAMPLES) {
			assertThat(placement.warnings()).as(placement::toString)
				.singleElement()
				.asString()
				.startsWith("MongoDB driver: 100 % of its samples ran on worker-pool-* (platform threads, 100 %)")
				.endsWith("not on event loops");
		}
		else {
			assertThat(placement.warnings()).as(placement::toString).isEmpty();
		}
		assertThat(placement.virtualThreads()).isNull();
	}

	@Test
	void namesPlatformWorkOfAVirtualThreadStackAndCountsItsCarriers() throws Exception {
		assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+, this test runs on "
				+ Runtime.version().feature() + ": the virtual-thread part is not tested here");
		Path jfr = this.dir.resolve("virtual.jfr");
		Instant from;
		Instant to;
		try (Recording recording = recording()) {
			recording.start();
			from = Instant.now();
			List<Thread> threads = new ArrayList<>();
			threads.add(virtual("call-1", () -> BusyHandler.spin(ThreadPlacementTests::outbound, busy())));
			threads.add(platform("http-nio-1-exec-1", this::driverWork));
			threads.forEach(ThreadPlacementTests::join);
			to = Instant.now();
			recording.stop();
			recording.dump(jfr);
		}

		ThreadPlacement placement = ThreadPlacement.read(jfr, from, to, Stack.MVC_VT);

		assertThat(placement.intended()).isEqualTo(PoolKind.VIRTUAL);
		assertThat(ownShares(placement, WorkKind.OUTBOUND, Set.of("call-*", "http-nio-*-exec-*")))
			.as(placement::toString)
			.containsExactly(entry("call-*", 1.0));
		assertThat(placement.work(WorkKind.OUTBOUND).pools()).filteredOn((pool) -> pool.pool().equals("call-*"))
			.singleElement()
			.satisfies((pool) -> assertThat(pool.kind()).isEqualTo(PoolKind.VIRTUAL));
		assertThat(placement.warnings()).as(placement::toString)
			.singleElement()
			.asString()
			.startsWith("MongoDB driver: 100 % of its samples ran on http-nio-*-exec-* (platform threads, 100 %)")
			.endsWith("not on virtual threads");
		ThreadPlacement.VirtualThreads vt = placement.virtualThreads();
		assertThat(vt.virtualSamples()).isPositive();
		// two busy threads, one of them virtual: some samples on the carriers, not all
		assertThat(vt.carrierShare())
			.isEqualTo((double) (vt.virtualSamples() + vt.carrierSamples()) / placement.samples())
			.isStrictlyBetween(0.0, 1.0);
	}

	private volatile long sink;

	private Recording recording() {
		Recording recording = new Recording();
		recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
		recording.enable("jdk.CPULoad").withPeriod(Duration.ofMillis(200));
		recording.enable("jdk.CPUInformation");
		recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20));
		return recording;
	}

	/**
	 * Returns whether the calling thread should go on: until it has used {@link #CPU_MS}
	 * of CPU. Call it first from the thread itself.
	 */
	private static BooleanSupplier busy() {
		return busy(CPU_MS);
	}

	private static BooleanSupplier busy(long cpuMs) {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long[] start = new long[] { -1, System.nanoTime() };
		return () -> {
			if (start[0] < 0) {
				start[0] = threads.getCurrentThreadCpuTime();
			}
			long wall = System.nanoTime() - start[1];
			if (start[0] < 0) {
				// a virtual thread has no CPU time of its own: spin for a fixed time
				return wall < VIRTUAL_MS * 1_000_000;
			}
			return threads.getCurrentThreadCpuTime() - start[0] < cpuMs * 1_000_000 && wall < WALL_MS * 1_000_000;
		};
	}

	private void driverWork() {
		// three busy threads' worth: JFR samples a few threads per period, and the
		// warning
		// this thread must raise needs at least 20 of its samples
		BooleanSupplier longer = busy(3 * CPU_MS);
		// spin inside a driver frame (the settings builder calls the block at once), so
		// that every sample of this thread is the driver's, however deep JFR walks
		MongoClientSettings.builder().applyToClusterSettings((cluster) -> {
			long sum = 0;
			while (longer.getAsBoolean()) {
				for (int i = 0; i < 1_000; i++) {
					sum = sum * 31 + Long.hashCode(sum ^ i);
				}
				// a call out of the loop, as BusyHandler makes: JFR walks such stacks
				sum += new ServerAddress("127.0.0.1", 27018 + (int) (sum & 7)).hashCode();
			}
			this.sink = sum;
		});
	}

	private static void outbound() {
		HttpRequest.newBuilder(URI.create("http://127.0.0.1:9081/customers/42"))
			.header("X-Request-Id", "run-1")
			.GET()
			.build();
	}

	/**
	 * The shares of a work's samples among the pools this test started, by pool: the
	 * test's JVM keeps other tests' threads (an HTTP client's selector, say), and JFR
	 * samples every thread of it.
	 */
	private static Map<String, Double> ownShares(ThreadPlacement placement, WorkKind kind, Set<String> own) {
		// a work JFR kept no sample of says so, with everything it did keep
		assertThat(placement.work(kind)).as("%s samples in %s", kind, placement).isNotNull();
		List<ThreadPlacement.PoolShare> pools = placement.work(kind)
			.pools()
			.stream()
			.filter((share) -> own.contains(share.pool()))
			.toList();
		long samples = pools.stream().mapToLong(ThreadPlacement.PoolShare::samples).sum();
		Map<String, Double> shares = new TreeMap<>();
		pools.forEach((share) -> shares.merge(share.pool(), (double) share.samples() / samples, Double::sum));
		return shares;
	}

	private static Thread platform(String name, Runnable work) {
		Thread thread = new Thread(work, name);
		thread.start();
		return thread;
	}

	/** Starts a virtual thread through reflection: the bench compiles for Java 17. */
	private static Thread virtual(String name, Runnable work) {
		try {
			Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
			Class<?> type = Class.forName("java.lang.Thread$Builder");
			Method named = type.getMethod("name", String.class);
			Method start = type.getMethod("start", Runnable.class);
			return (Thread) start.invoke(named.invoke(builder, name), work);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
