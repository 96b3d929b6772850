package dev.twinstack.webflux.config;

import java.util.List;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webflux-vt stack's synchronous MongoDB client talks on the driver's own sockets
 * (the calling virtual thread does the I/O), not on the Netty event-loop group that
 * Spring Boot's reactive auto-configuration gives every client of a reactive app.
 */
class BlockingDatabaseConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(MongoAutoConfiguration.class, MongoReactiveAutoConfiguration.class))
		.withUserConfiguration(BlockingDatabaseConfiguration.class)
		.withPropertyValues(StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
				"spring.mongodb.uri=mongodb://127.0.0.1:1/twinstack");

	@Test
	void synchronousClientLeavesTheNettyTransportOut() {
		this.runner.run((context) -> {
			assertThat(context.getBeanNamesForType(MongoClient.class)).containsExactly("blockingMongoClient");
			List<MongoClientSettingsBuilderCustomizer> all = context
				.getBeanProvider(MongoClientSettingsBuilderCustomizer.class)
				.orderedStream()
				.toList();
			assertThat(all).as("Boot's Netty transport customizer, which the filter must drop")
				.anyMatch((customizer) -> customizer.getClass()
					.getEnclosingClass() == MongoReactiveAutoConfiguration.class);
			MongoClientSettings.Builder settings = MongoClientSettings.builder();
			BlockingDatabaseConfiguration.socketCustomizers(all)
				.forEach((customizer) -> customizer.customize(settings));
			assertThat(settings.build().getTransportSettings()).as("transport of the synchronous client").isNull();
		});
	}

}
