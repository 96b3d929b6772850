package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.HttpProtocolContract;
import dev.twinstack.mocks.contract.HttpServer;

/**
 * The protocol edge of the contract (RFC 9110, RFC 9112) on webflux-app.
 */
class HttpProtocolTests extends HttpProtocolContract {

	@Override
	protected HttpServer server() {
		return HttpServer.REACTOR_NETTY;
	}

}
