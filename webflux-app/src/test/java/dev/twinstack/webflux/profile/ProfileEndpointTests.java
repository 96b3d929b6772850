package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.ProfileEndpointContract;
import dev.twinstack.webflux.WebfluxApplication;

/**
 * The endpoint contract on webflux-app.
 */
class ProfileEndpointTests extends ProfileEndpointContract {

	@Override
	protected Class<?> application() {
		return WebfluxApplication.class;
	}

}
