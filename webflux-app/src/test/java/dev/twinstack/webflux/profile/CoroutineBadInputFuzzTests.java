package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.BadInputFuzzContract;
import dev.twinstack.webflux.WebfluxApplication;
import dev.twinstack.webflux.config.StackProperties;

/**
 * The bad-input fuzzer of the contract on webflux-app's coroutines stack.
 */
class CoroutineBadInputFuzzTests extends BadInputFuzzContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

	@Override
	protected String[] settings() {
		return new String[] { StackProperties.PROPERTY + "=" + StackProperties.COROUTINES };
	}

}
