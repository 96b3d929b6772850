package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.StackProperties;

import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The extra benchmark scenarios of the README: {@code GET /scenarios/cpu-light},
 * {@code GET /scenarios/large-payload} (both in {@link ScenarioEndpoints}) and {@code GET
 * /scenarios/slow-io/{customerId}}, which returns a {@link Mono}. Nothing is stored.
 */
@RestController
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX, matchIfMissing = true)
class ScenarioController extends ScenarioEndpoints {

	private final SlowClient slowClient;

	ScenarioController(LargePayload largePayload, SlowClient slowClient, MeterRegistry meterRegistry) {
		super(largePayload, meterRegistry);
		this.slowClient = slowClient;
	}

	@GetMapping(path = "/scenarios/slow-io/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<SlowAnswer> slowIo(@PathVariable String customerId, @RequestParam MultiValueMap<String, String> queryParams) {
		return this.slowClient.slow(ScenarioParameters.customerId(customerId, queryParams));
	}

}
