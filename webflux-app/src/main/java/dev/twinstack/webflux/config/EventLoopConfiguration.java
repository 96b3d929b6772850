package dev.twinstack.webflux.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.resources.LoopResources;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * The event loops of both the server and the downstream client: Reactor Netty's default
 * worker loops ({@code max(cores, 4)} threads named {@code reactor-http-epoll-n}, or
 * {@code -nio-n} without the native transport), plus, unless
 * {@code app.event-loops.accept-threads=0}, a dedicated accept loop
 * ({@code reactor-http-select-epoll-n}) that holds the listening socket and hands each
 * new connection to a worker, as Tomcat's acceptor thread does for mvc-app. Without it,
 * the worker that holds the listening socket accepts only between rounds of request work,
 * and under load new connections wait seconds in the kernel's accept queue.
 * <p>
 * Equivalent to {@code -Dreactor.netty.ioSelectCount=1}, but scoped to this application
 * context instead of Reactor Netty's global resources. The server gets these loops
 * through Spring's {@link ReactorResourceFactory}; the client through
 * {@code HttpClient.runOn} ({@link HttpClientConfiguration}), so that, as with the global
 * resources, server and client share the same worker loops.
 */
@Configuration(proxyBeanMethods = false)
class EventLoopConfiguration {

	/** Thread name prefix, Reactor Netty's own for its global HTTP resources. */
	static final String PREFIX = "reactor-http";

	private static final Logger logger = LoggerFactory.getLogger(EventLoopConfiguration.class);

	/**
	 * The loops, disposed (Reactor Netty's quiet period and timeout) after the server and
	 * the client that run on them have stopped.
	 * @param properties {@code app.event-loops.*}
	 * @return the event loops of the server and the downstream client
	 */
	@Bean(destroyMethod = "dispose")
	LoopResources eventLoops(EventLoopProperties properties) {
		int selectCount = (properties.acceptThreads() > 0) ? properties.acceptThreads() : -1;
		logger.info("Reactor Netty event loops: {} worker loop(s), {}", LoopResources.DEFAULT_IO_WORKER_COUNT,
				(selectCount > 0) ? selectCount + " dedicated accept loop(s)" : "accepting on the worker loops");
		return LoopResources.create(PREFIX, selectCount, LoopResources.DEFAULT_IO_WORKER_COUNT, true, true);
	}

	/**
	 * Replaces Spring Boot's factory, which uses Reactor Netty's global resources, so
	 * that the server runs on {@link #eventLoops}. The factory does not own loops set on
	 * it: the bean's destroy method disposes them.
	 * @param eventLoops the loops of {@link #eventLoops}
	 * @return the resource factory the Netty web server takes its loops from
	 */
	@Bean
	ReactorResourceFactory reactorResourceFactory(LoopResources eventLoops) {
		ReactorResourceFactory factory = new ReactorResourceFactory();
		factory.setUseGlobalResources(false);
		factory.setLoopResources(eventLoops);
		return factory;
	}

}
