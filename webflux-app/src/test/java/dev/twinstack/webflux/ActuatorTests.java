package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.ActuatorContract;

/**
 * The actuator contract on webflux-app; the downstream pool's gauges are Reactor Netty's
 * pool.
 */
class ActuatorTests extends ActuatorContract {

	@Override
	protected String applicationName() {
		return "webflux-app";
	}

	@Override
	protected String connectionsInUseMetric() {
		return "reactor.netty.connection.provider.active.connections?tag=name:downstream";
	}

	@Override
	protected String connectionsIdleMetric() {
		return "reactor.netty.connection.provider.idle.connections?tag=name:downstream";
	}

}
