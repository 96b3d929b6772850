package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.StackProperties;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The {@code webflux-vt} stack's twin of {@link ScenarioController}: the same scenario
 * endpoints and counter of large-payload transfers ({@link ScenarioEndpoints}), with
 * slow-io as a method that returns a plain value, which Spring WebFlux runs on a virtual
 * thread: a blocking call that waits there.
 */
@RestController
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingScenarioController extends ScenarioEndpoints {

	private final BlockingSlowClient slowClient;

	BlockingScenarioController(LargePayload largePayload, BlockingSlowClient slowClient, MeterRegistry meterRegistry) {
		super(largePayload, meterRegistry);
		this.slowClient = slowClient;
	}

	@GetMapping(path = "/scenarios/slow-io/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	SlowAnswer slowIo(@PathVariable String customerId, @RequestParam MultiValueMap<String, String> queryParams) {
		return this.slowClient.slow(ScenarioParameters.customerId(customerId, queryParams));
	}

}
