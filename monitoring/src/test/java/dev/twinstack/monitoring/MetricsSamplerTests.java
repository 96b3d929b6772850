package dev.twinstack.monitoring;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MetricsSamplerTests {

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
	void samplesHeapAndThreadsOncePerInterval() throws InterruptedException {
		stubMeter("/actuator/metrics/jvm.memory.used?tag=area:heap", 100_000_000);
		stubMeter("/actuator/metrics/jvm.memory.committed?tag=area:heap", 256_000_000);
		stubMeter("/actuator/metrics/jvm.threads.live", 42);
		List<MetricsSample> samples;
		try (MetricsSampler sampler = MetricsSampler.start(actuatorUrl(), Duration.ofMillis(100))) {
			Thread.sleep(1000);
			sampler.close();
			samples = sampler.samples();
			assertThat(sampler.failedReadings()).isZero();
			assertThat(sampler.summary().samples()).isEqualTo(samples.size());
			assertThat(sampler.summary().peakLiveThreads()).isEqualTo(42);
			assertThat(sampler.summary().peakHeapUsedBytes()).isEqualTo(100_000_000);
		}
		assertThat(samples).hasSizeBetween(5, 12);
		assertThat(samples).allSatisfy((sample) -> {
			assertThat(sample.heapUsedBytes()).isEqualTo(100_000_000);
			assertThat(sample.heapCommittedBytes()).isEqualTo(256_000_000);
			assertThat(sample.liveThreads()).isEqualTo(42);
		});
		for (int i = 1; i < samples.size(); i++) {
			assertThat(samples.get(i).time()).isAfter(samples.get(i - 1).time());
		}
	}

	@Test
	void skipsAndCountsFailedReadings() throws InterruptedException {
		this.actuator.stubFor(get(urlEqualTo("/actuator/metrics/jvm.memory.used?tag=area:heap"))
			.willReturn(aResponse().withStatus(503)));
		try (MetricsSampler sampler = MetricsSampler.start(actuatorUrl(), Duration.ofMillis(100))) {
			Thread.sleep(500);
			sampler.close();
			assertThat(sampler.samples()).isEmpty();
			assertThat(sampler.failedReadings()).isPositive();
			assertThat(sampler.summary().peakHeapUsedBytes()).isNaN();
		}
	}

	@Test
	void summarizesPeaksAndMeans() {
		MetricsSummary summary = MetricsSummary.of(List.of(new MetricsSample(java.time.Instant.EPOCH, 10, 20, 3),
				new MetricsSample(java.time.Instant.EPOCH.plusSeconds(1), 30, 40, 5)));
		assertThat(summary.peakHeapUsedBytes()).isEqualTo(30);
		assertThat(summary.meanHeapUsedBytes()).isEqualTo(20);
		assertThat(summary.peakLiveThreads()).isEqualTo(5);
		assertThat(summary.meanLiveThreads()).isEqualTo(4);
	}

	@Test
	void rejectsIntervalsShorterThan100Milliseconds() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> MetricsSampler.start(actuatorUrl(), Duration.ofMillis(10)))
			.withMessage("interval must be at least 100 ms, got 10 ms");
	}

	private void stubMeter(String url, double value) {
		this.actuator.stubFor(get(urlEqualTo(url)).willReturn(
				okJson("{\"name\":\"m\",\"measurements\":[{\"statistic\":\"VALUE\",\"value\":" + value + "}]}")));
	}

	private URI actuatorUrl() {
		return URI.create(this.actuator.baseUrl() + "/actuator");
	}

}
