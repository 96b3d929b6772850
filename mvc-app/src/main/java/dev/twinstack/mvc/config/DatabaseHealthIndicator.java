package dev.twinstack.mvc.config;

import org.bson.Document;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * The {@code database} health check: runs MongoDB's {@code ping} command
 * (mongo-java-server has no {@code hello}, which Spring Boot's own MongoDB health
 * indicator needs).
 */
class DatabaseHealthIndicator extends AbstractHealthIndicator {

	private static final Document PING = new Document("ping", 1);

	private final MongoTemplate mongoTemplate;

	DatabaseHealthIndicator(MongoTemplate mongoTemplate) {
		super("MongoDB ping failed");
		this.mongoTemplate = mongoTemplate;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		this.mongoTemplate.executeCommand(PING);
		builder.up().withDetail("database", this.mongoTemplate.getDb().getName());
	}

}
