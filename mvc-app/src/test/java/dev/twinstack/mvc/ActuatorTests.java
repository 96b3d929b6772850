package dev.twinstack.mvc;

import dev.twinstack.mocks.contract.ActuatorContract;

/**
 * The actuator contract on mvc-app; the downstream pool's gauges are Apache HttpClient
 * 5's pool.
 */
class ActuatorTests extends ActuatorContract {

	@Override
	protected String applicationName() {
		return "mvc-app";
	}

	@Override
	protected String connectionsInUseMetric() {
		return "httpcomponents.httpclient.pool.total.connections?tag=state:leased";
	}

	@Override
	protected String connectionsIdleMetric() {
		return "httpcomponents.httpclient.pool.total.connections?tag=state:available";
	}

}
