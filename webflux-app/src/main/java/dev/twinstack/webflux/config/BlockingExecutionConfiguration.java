package dev.twinstack.webflux.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The {@code webflux-vt} stack's precondition: Spring WebFlux runs its blocking handlers
 * on Spring Boot's {@code applicationTaskExecutor}, virtual threads, only when
 * {@code spring.threads.virtual.enabled=true} on JDK 21 or later; otherwise they would
 * run on the event loops (Boot configures no blocking executor), so the start stops
 * instead, naming what is missing.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingExecutionConfiguration {

	/** The lowest JDK feature release with virtual threads. */
	static final int VIRTUAL_THREADS_JAVA = 21;

	private static final Logger logger = LoggerFactory.getLogger(BlockingExecutionConfiguration.class);

	BlockingExecutionConfiguration(Environment environment) {
		requireVirtualThreads(environment, Runtime.version().feature());
		logger.info("app.stack=webflux-vt: blocking handlers run on virtual threads (applicationTaskExecutor)");
	}

	/**
	 * Stops the start unless virtual threads are on and available.
	 * @param environment the application's environment
	 * @param javaFeature the running JDK's feature release, e.g. {@code 25}
	 * @throws InvalidConfigurationPropertyValueException naming the JDK or the missing
	 * setting
	 */
	static void requireVirtualThreads(Environment environment, int javaFeature) {
		if (javaFeature < VIRTUAL_THREADS_JAVA) {
			throw invalid("it runs blocking handlers on virtual threads, which need JDK " + VIRTUAL_THREADS_JAVA
					+ " or later; this is JDK " + javaFeature + ". Start it with a newer java, or choose app.stack="
					+ StackProperties.WEBFLUX + " or " + StackProperties.COROUTINES);
		}
		if (!Threading.VIRTUAL.isActive(environment)) {
			throw invalid("it runs blocking handlers on virtual threads: add --spring.threads.virtual.enabled=true "
					+ "(without it, WebFlux would run them on the event loops)");
		}
	}

	private static InvalidConfigurationPropertyValueException invalid(String reason) {
		return new InvalidConfigurationPropertyValueException(StackProperties.PROPERTY, StackProperties.WEBFLUX_VT,
				reason);
	}

}
