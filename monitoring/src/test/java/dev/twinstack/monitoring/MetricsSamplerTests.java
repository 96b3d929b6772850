package dev.twinstack.monitoring;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MetricsSamplerTests {

	private static final double MB = 1024 * 1024;

	private final WireMockServer actuator = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));

	@BeforeEach
	void startActuator() {
		this.actuator.start();
	}

	@AfterEach
	void stopActuator() {
		this.actuator.stop();
	}

	@Test
	void samplesEveryMeterOncePerInterval() throws InterruptedException {
		stubMeter("/actuator/metrics/jvm.memory.used?tag=area:heap", "VALUE", 100 * MB);
		stubMeter("/actuator/metrics/jvm.memory.committed?tag=area:heap", "VALUE", 256 * MB);
		stubMeter("/actuator/metrics/jvm.memory.max?tag=area:heap", "VALUE", 512 * MB);
		stubMeter("/actuator/metrics/jvm.threads.live", "VALUE", 42);
		stubMeter("/actuator/metrics/jvm.threads.peak", "VALUE", 50);
		stubMeter("/actuator/metrics/jvm.threads.daemon", "VALUE", 30);
		this.actuator.stubFor(get(urlEqualTo("/actuator/metrics/jvm.gc.pause")).willReturn(okJson(
				"{\"measurements\":[{\"statistic\":\"COUNT\",\"value\":7},{\"statistic\":\"TOTAL_TIME\",\"value\":0.25},"
						+ "{\"statistic\":\"MAX\",\"value\":0.1}]}")));
		stubMeter("/actuator/metrics/process.cpu.usage", "VALUE", 0.35);
		stubMeter("/actuator/metrics/http.server.requests?tag=uri:/profiles/%7BcustomerId%7D", "COUNT", 1234);
		List<TimeSeries.Row> notified = new CopyOnWriteArrayList<>();
		TimeSeries series;
		try (MetricsSampler sampler = MetricsSampler.start(Duration.ofMillis(100),
				List.of(new ActuatorProbe("app", actuatorUrl(), "/profiles/{customerId}", Duration.ofSeconds(1))),
				notified::add)) {
			Thread.sleep(2000);
			sampler.close();
			series = sampler.series();
			assertThat(sampler.failedReadings()).isZero();
		}
		assertThat(series.columns()).containsExactly("app_heap_used_mb", "app_heap_committed_mb", "app_heap_max_mb",
				"app_threads_live", "app_threads_peak", "app_threads_daemon", "app_gc_pauses", "app_gc_pause_ms",
				"app_cpu_micrometer", "app_requests");
		assertThat(series.rows()).hasSizeBetween(5, 22).hasSameSizeAs(notified);
		assertThat(series.rows()).allSatisfy(
				(row) -> assertThat(row.values()).containsExactly(100, 256, 512, 42, 50, 30, 7, 250, 0.35, 1234));
		for (int i = 1; i < series.rows().size(); i++) {
			assertThat(series.rows().get(i).time()).isAfter(series.rows().get(i - 1).time());
		}
		assertThat(series.summary("app_threads_live").peak()).isEqualTo(42);
	}

	@Test
	void countsMissingGcAndRequestMetersAsZero() throws Exception {
		stubMeter("/actuator/metrics/jvm.memory.used?tag=area:heap", "VALUE", 10 * MB);
		this.actuator
			.stubFor(get(urlEqualTo("/actuator/metrics/jvm.gc.pause")).willReturn(aResponse().withStatus(404)));
		this.actuator.stubFor(get(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(404)));
		double[] values = new ActuatorProbe("app", actuatorUrl(), "/x", Duration.ofSeconds(1)).read();
		assertThat(values[0]).isEqualTo(10);
		assertThat(values[3]).isNaN();
		assertThat(values[6]).isZero();
		assertThat(values[7]).isZero();
		assertThat(values[9]).isZero();
	}

	@Test
	void recordsFailedReadingsAsMissingAndGoesOn() throws InterruptedException {
		this.actuator.stubFor(get(anyUrl()).willReturn(aResponse().withStatus(503)));
		long pid = ProcessHandle.current().pid();
		try (MetricsSampler sampler = MetricsSampler.start(Duration.ofMillis(100), List
			.of(new ActuatorProbe("app", actuatorUrl(), "/x", Duration.ofSeconds(1)), new ProcessProbe("self", pid)),
				(row) -> {
				})) {
			Thread.sleep(500);
			sampler.close();
			TimeSeries series = sampler.series();
			assertThat(series.rows()).isNotEmpty();
			assertThat(sampler.failedReadings()).isEqualTo(series.rows().size());
			assertThat(series.summary("app_heap_used_mb").samples()).isZero();
			assertThat(series.summary("app_heap_used_mb").peak()).isNull();
			assertThat(series.summary("self_rss_mb").peak()).isPositive();
		}
	}

	@Test
	void neverReadsBackToBackAfterASlowReading() throws InterruptedException {
		AtomicInteger reads = new AtomicInteger();
		Probe slowFirst = new Probe() {
			@Override
			public List<String> columns() {
				return List.of("n");
			}

			@Override
			public double[] read() throws InterruptedException {
				if (reads.getAndIncrement() == 0) {
					Thread.sleep(600);
				}
				return new double[] { reads.get() };
			}
		};
		try (MetricsSampler sampler = MetricsSampler.start(Duration.ofMillis(100), List.of(slowFirst), (row) -> {
		})) {
			Thread.sleep(1200);
			sampler.close();
			List<TimeSeries.Row> rows = sampler.series().rows();
			assertThat(rows).hasSizeGreaterThan(3);
			for (int i = 1; i < rows.size(); i++) {
				assertThat(Duration.between(rows.get(i - 1).time(), rows.get(i).time())).as("gap before row %d", i)
					.isGreaterThanOrEqualTo(Duration.ofMillis(90));
			}
		}
	}

	@Test
	void timesOutSlowReadings() {
		this.actuator.stubFor(get(anyUrl()).willReturn(okJson("{\"measurements\":[]}").withFixedDelay(2000)));
		ActuatorProbe probe = new ActuatorProbe("app", actuatorUrl(), "/x", Duration.ofMillis(300));
		long start = System.nanoTime();
		org.assertj.core.api.Assertions.assertThatIOException()
			.isThrownBy(probe::read)
			.withMessageContaining("longer than 300 ms");
		assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1500);
	}

	@Test
	void keepsTheSingleAppHeapAndThreadsView() throws InterruptedException {
		stubMeter("/actuator/metrics/jvm.memory.used?tag=area:heap", "VALUE", 100 * MB);
		stubMeter("/actuator/metrics/jvm.memory.committed?tag=area:heap", "VALUE", 256 * MB);
		this.actuator.stubFor(get(anyUrl()).atPriority(10)
			.willReturn(okJson(
					"{\"measurements\":[{\"statistic\":\"VALUE\",\"value\":42},{\"statistic\":\"COUNT\",\"value\":1},"
							+ "{\"statistic\":\"TOTAL_TIME\",\"value\":1}]}")));
		try (MetricsSampler sampler = MetricsSampler.start(actuatorUrl(), Duration.ofMillis(200))) {
			Thread.sleep(1000);
			sampler.close();
			assertThat(sampler.samples()).isNotEmpty().allSatisfy((sample) -> {
				assertThat(sample.heapUsedBytes()).isEqualTo(100 * MB);
				assertThat(sample.heapCommittedBytes()).isEqualTo(256 * MB);
				assertThat(sample.liveThreads()).isEqualTo(42);
			});
			assertThat(sampler.summary().peakLiveThreads()).isEqualTo(42);
			assertThat(sampler.summary().samples()).isEqualTo(sampler.samples().size());
		}
	}

	@Test
	void rejectsBadArguments() {
		List<Probe> probes = List.of(new MachineProbe());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> MetricsSampler.start(Duration.ofMillis(10), probes, (r) -> {
			}))
			.withMessage("interval must be at least 100 ms, got 10 ms");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> MetricsSampler.start(Duration.ofSeconds(1), List.of(), (r) -> {
			}))
			.withMessage("at least one probe is needed");
		assertThatIllegalArgumentException().isThrownBy(() -> MetricsSampler.start(Duration.ofSeconds(1),
				List.of(new MachineProbe(), new MachineProbe()), (r) -> {
				}))
			.withMessage("column names must be unique, got [machine_cpu, machine_cpu]");
	}

	private void stubMeter(String url, String statistic, double value) {
		this.actuator.stubFor(get(urlEqualTo(url)).willReturn(okJson(
				"{\"name\":\"m\",\"measurements\":[{\"statistic\":\"" + statistic + "\",\"value\":" + value + "}]}")));
	}

	private URI actuatorUrl() {
		return URI.create(this.actuator.baseUrl() + "/actuator");
	}

}
