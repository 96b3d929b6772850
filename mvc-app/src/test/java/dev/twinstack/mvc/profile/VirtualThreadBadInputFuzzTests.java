package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.BadInputFuzzContract;
import dev.twinstack.mvc.MvcApplication;
import dev.twinstack.mvc.VirtualThreadProbe;
import net.jqwik.api.Example;
import net.jqwik.api.Tag;

/**
 * The bad-input fuzzer of the contract on mvc-app's mvc-vt stack.
 */
@Tag(VirtualThreadProbe.TAG)
class VirtualThreadBadInputFuzzTests extends BadInputFuzzContract {

	@Override
	protected Class<?> application() {
		return MvcApplication.class;
	}

	@Override
	protected String[] settings() {
		return new String[] { "spring.threads.virtual.enabled=true",
				"spring.main.sources=" + VirtualThreadProbe.class.getName() };
	}

	@Example
	void handlersRunOnVirtualThreads() {
		VirtualThreadProbe.assertHandlersRunOnVirtualThreads(port());
	}

}
