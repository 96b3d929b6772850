package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenario contract on webflux-app's coroutines stack, with the same
 * {@link TransferProbe} evidence as {@link ScenarioEndpointTests}.
 */
@TestPropertySource(properties = StackProperties.PROPERTY + "=" + StackProperties.COROUTINES)
class CoroutineScenarioEndpointTests extends ScenarioEndpointTests {

	@Test
	void coroutineControllerServesTheScenarios(ApplicationContext context) {
		assertThat(context.getBeanNamesForType(CoroutineScenarioController.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(ScenarioController.class)).isEmpty();
	}

}
