package dev.twinstack.mvc;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.task.TaskExecutionProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executor of the parallel fanout, as Spring Boot binds it from the app's
 * {@code application.yml}: a fixed pool. With Boot's default
 * ({@code allow-core-thread-timeout} true, keep-alive 60 s) the threads a parallel cell
 * started all at once retired all at once 60 s later, in the middle of a later cell's
 * trial: about 1,000 deoptimizations in one second ({@code ThreadPoolExecutor.getTask})
 * and a thread count falling from 639 to 366 between two readings (standard bench of
 * 2026-11-24).
 */
class TaskExecutionConfigTests {

	@Test
	void parallelFanoutPoolKeepsItsThreads() throws IOException {
		StandardEnvironment environment = new StandardEnvironment();
		new YamlPropertySourceLoader().load("application", new ClassPathResource("application.yml"))
			.forEach(environment.getPropertySources()::addLast);
		TaskExecutionProperties.Pool pool = Binder.get(environment)
			.bind("spring.task.execution", TaskExecutionProperties.class)
			.orElseThrow(() -> new AssertionError("application.yml sets no spring.task.execution"))
			.getPool();
		assertThat(pool.isAllowCoreThreadTimeout()).as("core threads time out").isFalse();
		assertThat(pool.getCoreSize()).as("core size").isEqualTo(pool.getMaxSize()).isEqualTo(600);
	}

}
