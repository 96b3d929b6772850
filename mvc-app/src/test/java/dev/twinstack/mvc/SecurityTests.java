package dev.twinstack.mvc;

import dev.twinstack.mocks.contract.SecurityContract;

/**
 * The security defaults of the contract on mvc-app.
 */
class SecurityTests extends SecurityContract {

	@Override
	protected Class<?> application() {
		return MvcApplication.class;
	}

}
