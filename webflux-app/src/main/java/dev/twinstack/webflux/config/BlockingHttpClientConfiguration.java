package dev.twinstack.webflux.config;

import java.time.Duration;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;

/**
 * mvc-app's downstream HTTP client, for the {@code webflux-vt} stack (the other stacks
 * use {@link HttpClientConfiguration}'s Reactor Netty pool): a dedicated, explicitly
 * sized Apache HttpClient 5 connection pool, so that the benchmark measures the stack and
 * not a default pool size (HttpClient's own default is 5 connections per route). Its
 * classic (blocking) API reads and writes the socket on the calling thread: on a virtual
 * thread that parks the thread, and no other pool or event loop takes part (the JDK
 * {@code HttpClient} would hand each answer to its own platform-thread executor, Reactor
 * Netty's request factory to the event loops). One pool serves the four services (the
 * composite endpoint's customers, orders and recommendations services and the slow-io
 * scenario's slow service): {@code max-connections} per service (route), four times that
 * in total.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingHttpClientConfiguration {

	/**
	 * Total pool size, as a multiple of the pool size per service: the services the pool
	 * serves ({@code BlockingDownstreamClient}'s three and {@code BlockingSlowClient}'s
	 * one).
	 */
	static final int SERVICES = 4;

	/**
	 * Idle connections are closed before a typical server idle timeout (Jetty: 30 s)
	 * closes them.
	 */
	static final Duration MAX_IDLE_TIME = Duration.ofSeconds(20);

	/** A pooled connection idle for longer than this is checked before it is reused. */
	static final Duration VALIDATE_AFTER_INACTIVITY = Duration.ofSeconds(1);

	private static final Logger logger = LoggerFactory.getLogger(BlockingHttpClientConfiguration.class);

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager downstreamConnectionManager(DownstreamProperties properties) {
		int maxTotal = SERVICES * properties.maxConnections();
		logger.info(
				"Downstream connection pool: maxConnections={} per remote host, maxTotal={}, "
						+ "pool wait timeout={} ms, maxIdleTime={} ms, connectTimeout={} ms, response timeout={} ms",
				properties.maxConnections(), maxTotal, properties.timeout().toMillis(), MAX_IDLE_TIME.toMillis(),
				properties.connectTimeout().toMillis(), properties.timeout().toMillis());
		ConnectionConfig connectionConfig = ConnectionConfig.custom()
			.setConnectTimeout(timeout(properties.connectTimeout()))
			.setSocketTimeout(timeout(properties.timeout()))
			.setValidateAfterInactivity(TimeValue.ofMilliseconds(VALIDATE_AFTER_INACTIVITY.toMillis()))
			.build();
		return PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnPerRoute(properties.maxConnections())
			.setMaxConnTotal(maxTotal)
			.setDefaultConnectionConfig(connectionConfig)
			.build();
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient downstreamHttpClient(PoolingHttpClientConnectionManager downstreamConnectionManager,
			DownstreamProperties properties) {
		RequestConfig requestConfig = RequestConfig.custom()
			.setConnectionRequestTimeout(timeout(properties.timeout()))
			.setResponseTimeout(timeout(properties.timeout()))
			.build();
		// no automatic retries: a failed call is answered as it happened (502/504), never
		// silently repeated
		return HttpClients.custom()
			.setConnectionManager(downstreamConnectionManager)
			.setDefaultRequestConfig(requestConfig)
			.evictIdleConnections(TimeValue.ofMilliseconds(MAX_IDLE_TIME.toMillis()))
			.disableAutomaticRetries()
			.disableCookieManagement()
			.disableRedirectHandling()
			.build();
	}

	@Bean
	HttpComponentsClientHttpRequestFactory downstreamRequestFactory(CloseableHttpClient downstreamHttpClient) {
		return new HttpComponentsClientHttpRequestFactory(downstreamHttpClient);
	}

	/**
	 * The pool's gauges: {@code httpcomponents.httpclient.pool.total.connections}
	 * (leased, available), {@code .total.pending}, {@code .total.max}. Micrometer
	 * deprecated this binder in favour of HttpClient's own
	 * {@code httpclient5-observation} module, which the registry here does not serve.
	 */
	@Bean
	@SuppressWarnings("deprecation")
	MeterBinder downstreamConnectionPoolMetrics(PoolingHttpClientConnectionManager downstreamConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(downstreamConnectionManager, "downstream");
	}

	private static Timeout timeout(Duration duration) {
		return Timeout.ofMilliseconds(duration.toMillis());
	}

}
