package dev.twinstack.webflux.config;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

/**
 * Bounds every wait on MongoDB by {@code app.database.timeout} (so an outage answers 503
 * in time instead of hanging for the driver's defaults: 30 s server selection, 2 min pool
 * wait), logs where it connects (password masked) and contributes the {@code database}
 * health check.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(DatabaseConfiguration.class);

	/**
	 * The password of a {@code mongodb://} or {@code mongodb+srv://} user, up to the
	 * {@code @}.
	 */
	private static final Pattern PASSWORD = Pattern.compile("^(mongodb(?:\\+srv)?://[^:@/]*:)[^@/]*@");

	@Bean
	MongoClientSettingsBuilderCustomizer databaseTimeoutCustomizer(DatabaseProperties properties,
			MongoConnectionDetails connectionDetails) {
		logger.info("MongoDB: {}", masked(connectionDetails.getConnectionString().getConnectionString()));
		long timeoutMillis = properties.timeout().toMillis();
		logger.info("MongoDB timeouts: serverSelectionTimeout={} ms, connectTimeout={} ms, readTimeout={} ms, "
				+ "pool maxWaitTime={} ms", timeoutMillis, timeoutMillis, timeoutMillis, timeoutMillis);
		return (settings) -> settings
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
			.applyToSocketSettings((socket) -> socket.connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
				.readTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
			.applyToConnectionPoolSettings((pool) -> pool.maxWaitTime(timeoutMillis, TimeUnit.MILLISECONDS));
	}

	/**
	 * A MongoDB connection string fit for a log: the password replaced by {@code ****}.
	 * @param connectionString e.g.
	 * {@code mongodb://user:secret@127.0.0.1:27018/twinstack}
	 * @return e.g. {@code mongodb://user:****@127.0.0.1:27018/twinstack}
	 */
	static String masked(String connectionString) {
		return PASSWORD.matcher(connectionString).replaceFirst("$1****@");
	}

	@Bean
	DatabaseHealthIndicator databaseHealthIndicator(ReactiveMongoTemplate reactiveMongoTemplate) {
		return new DatabaseHealthIndicator(reactiveMongoTemplate);
	}

}
