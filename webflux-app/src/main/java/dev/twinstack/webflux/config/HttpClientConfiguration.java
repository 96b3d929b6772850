package dev.twinstack.webflux.config;

import java.time.Duration;

import io.netty.channel.ChannelOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;

/**
 * The downstream HTTP client: a dedicated, explicitly sized Reactor Netty connection
 * pool, so that the benchmark measures the stack and not a default pool size, on the
 * server's worker loops ({@link EventLoopConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
class HttpClientConfiguration {

	/** Pending acquires allowed per pool, as a multiple of the pool size. */
	static final int PENDING_ACQUIRES_PER_CONNECTION = 10;

	/**
	 * Idle connections are closed before a typical server idle timeout (Jetty: 30 s)
	 * closes them.
	 */
	static final Duration MAX_IDLE_TIME = Duration.ofSeconds(20);

	private static final Logger logger = LoggerFactory.getLogger(HttpClientConfiguration.class);

	@Bean(destroyMethod = "dispose")
	ConnectionProvider downstreamConnectionProvider(DownstreamProperties properties) {
		int pendingAcquireMaxCount = PENDING_ACQUIRES_PER_CONNECTION * properties.maxConnections();
		logger.info(
				"Downstream connection pool: maxConnections={} per remote host, pendingAcquireMaxCount={}, "
						+ "pendingAcquireTimeout={} ms, maxIdleTime={} ms, connectTimeout={} ms, call timeout={} ms",
				properties.maxConnections(), pendingAcquireMaxCount, properties.timeout().toMillis(),
				MAX_IDLE_TIME.toMillis(), properties.connectTimeout().toMillis(), properties.timeout().toMillis());
		return ConnectionProvider.builder("downstream")
			.maxConnections(properties.maxConnections())
			.pendingAcquireMaxCount(pendingAcquireMaxCount)
			.pendingAcquireTimeout(properties.timeout())
			.maxIdleTime(MAX_IDLE_TIME)
			.metrics(true)
			.build();
	}

	@Bean
	ReactorClientHttpConnector downstreamConnector(ConnectionProvider downstreamConnectionProvider,
			LoopResources eventLoops, DownstreamProperties properties) {
		HttpClient httpClient = HttpClient.create(downstreamConnectionProvider)
			.runOn(eventLoops)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()));
		return new ReactorClientHttpConnector(httpClient);
	}

}
