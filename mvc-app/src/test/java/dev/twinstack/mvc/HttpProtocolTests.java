package dev.twinstack.mvc;

import dev.twinstack.mocks.contract.HttpProtocolContract;
import dev.twinstack.mocks.contract.HttpServer;

/**
 * The protocol edge of the contract (RFC 9110, RFC 9112) on mvc-app.
 */
class HttpProtocolTests extends HttpProtocolContract {

	@Override
	protected HttpServer server() {
		return HttpServer.TOMCAT;
	}

}
