package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.BadInputFuzzContract;
import dev.twinstack.webflux.VirtualThreadProbe;
import dev.twinstack.webflux.WebfluxApplication;
import dev.twinstack.webflux.config.StackProperties;
import net.jqwik.api.Example;
import net.jqwik.api.Tag;

/**
 * The bad-input fuzzer of the contract on webflux-app's webflux-vt stack.
 */
@Tag(VirtualThreadProbe.TAG)
class BlockingBadInputFuzzTests extends BadInputFuzzContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

	@Override
	protected String[] settings() {
		return new String[] { StackProperties.PROPERTY + "=" + StackProperties.WEBFLUX_VT,
				"spring.threads.virtual.enabled=true", "spring.main.sources=" + VirtualThreadProbe.class.getName() };
	}

	@Example
	void handlersRunOnVirtualThreads() {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port());
	}

}
