package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.SecurityContract;

/**
 * The security defaults of the contract on webflux-app.
 */
class SecurityTests extends SecurityContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

}
