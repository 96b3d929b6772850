package dev.twinstack.webflux.config;

import java.net.URI;
import java.time.Duration;
import java.util.stream.Stream;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where the three downstream services of the composite endpoint and the slow service of
 * the slow-io scenario are, and how long to wait for them ({@code app.downstream.*}).
 *
 * @param customersUrl base URL of the customers service, e.g.
 * {@code http://127.0.0.1:9081}
 * @param ordersUrl base URL of the orders service, e.g. {@code http://127.0.0.1:9082}
 * @param recommendationsUrl base URL of the recommendations service, e.g.
 * {@code http://127.0.0.1:9083}
 * @param slowUrl base URL of the slow service (slow-io scenario), e.g.
 * {@code http://127.0.0.1:9084}
 * @param timeout longest time one downstream call may take, connection included; beyond
 * it the endpoint answers 504
 * @param connectTimeout longest time to open a TCP connection to a downstream service
 * @param maxConnections connection pool size per downstream service (connections)
 */
@ConfigurationProperties("app.downstream")
@Validated
public record DownstreamProperties(@NotNull URI customersUrl, @NotNull URI ordersUrl, @NotNull URI recommendationsUrl,
		@NotNull URI slowUrl, @NotNull @DurationMin(millis = 1) Duration timeout,
		@NotNull @DurationMin(millis = 1) @DurationMax(minutes = 10) Duration connectTimeout,
		@Min(1) @Max(100_000) int maxConnections) {

	/**
	 * Whether every base URL is an absolute {@code http}/{@code https} URL with a host.
	 * @return {@code true} when all four URLs are usable
	 */
	@AssertTrue(message = "customers-url, orders-url, recommendations-url and slow-url must be absolute http:// or "
			+ "https:// URLs with a host, e.g. http://127.0.0.1:9081")
	public boolean isHttpUrls() {
		return Stream.of(this.customersUrl, this.ordersUrl, this.recommendationsUrl, this.slowUrl)
			.allMatch((url) -> url == null
					|| (url.getHost() != null && ("http".equals(url.getScheme()) || "https".equals(url.getScheme()))));
	}

}
