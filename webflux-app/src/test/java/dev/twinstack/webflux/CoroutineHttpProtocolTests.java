package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.HttpProtocolContract;
import dev.twinstack.mocks.contract.HttpServer;
import dev.twinstack.webflux.config.StackProperties;

import org.springframework.test.context.TestPropertySource;

/**
 * The protocol edge of the contract (RFC 9110, RFC 9112) on webflux-app's coroutines
 * stack ({@code app.stack=coroutines}).
 */
@TestPropertySource(properties = StackProperties.PROPERTY + "=" + StackProperties.COROUTINES)
class CoroutineHttpProtocolTests extends HttpProtocolContract {

	@Override
	protected HttpServer server() {
		return HttpServer.REACTOR_NETTY;
	}

}
