package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.BadInputFuzzContract;
import dev.twinstack.webflux.WebfluxApplication;

/**
 * The bad-input fuzzer of the contract on webflux-app.
 */
class BadInputFuzzTests extends BadInputFuzzContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

}
