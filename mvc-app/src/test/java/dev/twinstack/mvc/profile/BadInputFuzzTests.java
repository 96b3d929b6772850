package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.BadInputFuzzContract;
import dev.twinstack.mvc.MvcApplication;

/**
 * The bad-input fuzzer of the contract on mvc-app.
 */
class BadInputFuzzTests extends BadInputFuzzContract {

	@Override
	protected Class<?> application() {
		return MvcApplication.class;
	}

}
