package dev.twinstack.mvc.config;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Bounds every wait on MongoDB by {@code app.database.timeout} (so an outage answers 503
 * in time instead of hanging for the driver's defaults: 30 s server selection, 2 min pool
 * wait) and contributes the {@code database} health check.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(DatabaseConfiguration.class);

	@Bean
	MongoClientSettingsBuilderCustomizer databaseTimeoutCustomizer(DatabaseProperties properties) {
		long timeoutMillis = properties.timeout().toMillis();
		logger.info("MongoDB timeouts: serverSelectionTimeout={} ms, connectTimeout={} ms, readTimeout={} ms, "
				+ "pool maxWaitTime={} ms", timeoutMillis, timeoutMillis, timeoutMillis, timeoutMillis);
		return (settings) -> settings
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
			.applyToSocketSettings((socket) -> socket.connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
				.readTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
			.applyToConnectionPoolSettings((pool) -> pool.maxWaitTime(timeoutMillis, TimeUnit.MILLISECONDS));
	}

	@Bean
	DatabaseHealthIndicator databaseHealthIndicator(MongoTemplate mongoTemplate) {
		return new DatabaseHealthIndicator(mongoTemplate);
	}

}
