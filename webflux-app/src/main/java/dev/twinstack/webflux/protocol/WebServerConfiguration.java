package dev.twinstack.webflux.protocol;

import reactor.netty.NettyPipeline;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * Two handlers in front of Reactor Netty's HTTP handler, on every HTTP/1.1 connection: a
 * {@link RequestGate}, so that a request arriving before the previous exchange on the
 * connection has terminated is still answered, and a {@link MalformedRequestHandler}, so
 * that bad input that never reaches Spring WebFlux gets the same kind of answer as bad
 * input that does (the requests Reactor Netty or Spring's adapter would reject with a
 * bare status are answered with RFC 9457 problems).
 */
@Configuration(proxyBeanMethods = false)
class WebServerConfiguration {

	private static final String REQUEST_GATE = "requestGate";

	private static final String MALFORMED_REQUEST_HANDLER = "problemDetailsForMalformedRequests";

	@Bean
	NettyServerCustomizer rejectedRequestProblemsCustomizer(
			@Value("${server.netty.max-initial-line-length:4KB}") DataSize maxInitialLineLength,
			@Value("${server.max-http-request-header-size:8KB}") DataSize maxHeaderSize) {
		return (httpServer) -> httpServer.doOnChannelInit((observer, channel, remoteAddress) -> {
			if (channel.pipeline().get(NettyPipeline.HttpTrafficHandler) != null) {
				channel.pipeline()
					.addBefore(NettyPipeline.HttpTrafficHandler, MALFORMED_REQUEST_HANDLER,
							new MalformedRequestHandler(maxInitialLineLength.toBytes(), maxHeaderSize.toBytes()))
					.addBefore(MALFORMED_REQUEST_HANDLER, REQUEST_GATE, new RequestGate());
			}
		});
	}

}
