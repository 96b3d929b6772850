package dev.twinstack.webflux.config;

import org.bson.Document;
import reactor.core.publisher.Mono;

import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

/**
 * The {@code database} health check: runs MongoDB's {@code ping} command
 * (mongo-java-server has no {@code hello}, which Spring Boot's own MongoDB health
 * indicator needs).
 */
class DatabaseHealthIndicator extends AbstractReactiveHealthIndicator {

	private static final Document PING = new Document("ping", 1);

	private final ReactiveMongoTemplate reactiveMongoTemplate;

	DatabaseHealthIndicator(ReactiveMongoTemplate reactiveMongoTemplate) {
		super("MongoDB ping failed");
		this.reactiveMongoTemplate = reactiveMongoTemplate;
	}

	@Override
	protected Mono<Health> doHealthCheck(Health.Builder builder) {
		return this.reactiveMongoTemplate.getMongoDatabase()
			.flatMap((database) -> this.reactiveMongoTemplate.executeCommand(PING)
				.map((answer) -> builder.up().withDetail("database", database.getName()).build()));
	}

}
