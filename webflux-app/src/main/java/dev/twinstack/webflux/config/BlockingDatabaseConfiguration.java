package dev.twinstack.webflux.config;

import java.util.List;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.mongodb.autoconfigure.MongoClientFactory;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoReactiveAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code webflux-vt} stack's synchronous MongoDB client, on the driver's own blocking
 * sockets. Spring Boot would build it with every
 * {@link MongoClientSettingsBuilderCustomizer} of the context, and in a reactive app one
 * of them (from {@link MongoReactiveAutoConfiguration}) moves the driver's I/O to a Netty
 * event-loop group: each blocking call on a virtual thread would then wait for a platform
 * thread to do its read. This client takes the other customizers (connection string, the
 * {@code app.database.timeout} bounds, Micrometer's listeners) and leaves that one out.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingDatabaseConfiguration {

	@Bean(destroyMethod = "close")
	MongoClient blockingMongoClient(ObjectProvider<MongoClientSettingsBuilderCustomizer> customizers,
			MongoClientSettings settings) {
		return new MongoClientFactory(socketCustomizers(customizers.orderedStream().toList()))
			.createMongoClient(settings);
	}

	/**
	 * The customizers without those of Spring Boot's reactive MongoDB auto-configuration
	 * (its Netty transport).
	 * @param customizers every customizer of the context, in order
	 * @return the customizers for a client on the driver's blocking sockets
	 */
	static List<MongoClientSettingsBuilderCustomizer> socketCustomizers(
			List<MongoClientSettingsBuilderCustomizer> customizers) {
		return customizers.stream()
			.filter((customizer) -> customizer.getClass().getEnclosingClass() != MongoReactiveAutoConfiguration.class)
			.toList();
	}

}
