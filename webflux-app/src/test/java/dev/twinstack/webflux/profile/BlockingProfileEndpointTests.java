package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.ProfileEndpointContract;
import dev.twinstack.webflux.VirtualThreadProbe;
import dev.twinstack.webflux.WebfluxApplication;
import dev.twinstack.webflux.config.StackProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract on webflux-app's webflux-vt stack ({@code app.stack=webflux-vt},
 * virtual threads on), under BlockHound like every test here: a blocking call on an event
 * loop fails it. Runs on a JDK 21+ (the {@code virtual-threads} Surefire execution).
 */
@Tag(VirtualThreadProbe.TAG)
@Import(VirtualThreadProbe.class)
@TestPropertySource(properties = { StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
		"spring.threads.virtual.enabled=true" })
class BlockingProfileEndpointTests extends ProfileEndpointContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

	@Test
	void handlersRunOnVirtualThreads(@LocalServerPort int port) {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port);
	}

	@Test
	void blockingHandlersServeTheEndpointAndReactiveOnesAreAbsent(ApplicationContext context) {
		assertThat(context.getBeanNamesForType(BlockingProfileController.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(BlockingProfileService.class)).hasSize(1);
		assertThat(context.getBeanNamesForType(ProfileController.class)).isEmpty();
		assertThat(context.getBeanNamesForType(ProfileService.class)).isEmpty();
		assertThat(context.getBeanNamesForType(DownstreamClient.class)).isEmpty();
		assertThat(context.getBeanNamesForType(CoroutineProfileService.class)).isEmpty();
	}

}
