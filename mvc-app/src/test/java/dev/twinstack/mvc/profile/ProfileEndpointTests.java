package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.ProfileEndpointContract;
import dev.twinstack.mvc.MvcApplication;

/**
 * The endpoint contract on mvc-app.
 */
class ProfileEndpointTests extends ProfileEndpointContract {

	@Override
	protected Class<?> application() {
		return MvcApplication.class;
	}

}
