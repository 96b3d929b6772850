package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.ProfileEndpointContract;
import dev.twinstack.webflux.WebfluxApplication;
import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract on webflux-app's coroutines stack ({@code app.stack=coroutines}),
 * under BlockHound like every test here.
 */
@TestPropertySource(properties = StackProperties.PROPERTY + "=" + StackProperties.COROUTINES)
class CoroutineProfileEndpointTests extends ProfileEndpointContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

	@Test
	void coroutineHandlersServeTheEndpointAndReactorOnesAreAbsent(ApplicationContext context) {
		assertThat(context.getBeanNamesForType(CoroutineProfileController.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(CoroutineProfileService.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(ProfileController.class)).isEmpty();
		assertThat(context.getBeanNamesForType(ProfileService.class)).isEmpty();
		assertThat(context.getBeanNamesForType(DownstreamClient.class)).isEmpty();
	}

}
