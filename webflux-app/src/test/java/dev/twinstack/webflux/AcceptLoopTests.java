package dev.twinstack.webflux;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.channel.EventLoop;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server accepts connections on a loop of its own
 * ({@code app.event-loops.accept-threads}, default 1) and serves them on the worker
 * loops; with {@code accept-threads=0} a worker holds the listening socket, Reactor
 * Netty's default. Read from the loops the listening channel and an accepted connection
 * are registered on.
 */
class AcceptLoopTests {

	private static final String WORKER = "reactor-http-(epoll|nio)-\\d+";

	@Test
	void listeningSocketIsOnADedicatedAcceptLoopAndConnectionsOnTheWorkers() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			Loops loops = loopsAfterOneRequest(context);
			assertThat(loops.server()).matches("reactor-http-select-(epoll|nio)-\\d+");
			assertThat(loops.connection()).matches(WORKER);
		}
	}

	@Test
	void zeroAcceptThreadsAcceptsOnAWorkerLoop() throws Exception {
		try (ConfigurableApplicationContext context = start("--app.event-loops.accept-threads=0")) {
			Loops loops = loopsAfterOneRequest(context);
			assertThat(loops.server()).matches(WORKER);
			assertThat(loops.connection()).matches(WORKER);
		}
	}

	private static ConfigurableApplicationContext start(String... args) {
		String[] all = new String[args.length + 2];
		all[0] = "--server.port=0";
		all[1] = "--spring.mongodb.uri=mongodb://127.0.0.1:1/twinstack";
		System.arraycopy(args, 0, all, 2, args.length);
		return new SpringApplicationBuilder(WebfluxApplication.class, LoopProbe.class).run(all);
	}

	private static Loops loopsAfterOneRequest(ConfigurableApplicationContext context) throws Exception {
		String port = context.getEnvironment().getProperty("local.server.port");
		HttpResponse<Void> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/no-such-path")).build(),
					HttpResponse.BodyHandlers.discarding());
		assertThat(response.statusCode()).isEqualTo(404);
		LoopProbe probe = context.getBean(LoopProbe.class);
		return new Loops(threadName(probe.server.get()), threadName(probe.connection.get()));
	}

	private static String threadName(EventLoop loop) throws Exception {
		assertThat(loop).isNotNull();
		return loop.submit(() -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS);
	}

	record Loops(String server, String connection) {
	}

	/**
	 * Records the event loop of the listening channel and of the last accepted
	 * connection.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class LoopProbe {

		final AtomicReference<EventLoop> server = new AtomicReference<>();

		final AtomicReference<EventLoop> connection = new AtomicReference<>();

		@Bean
		NettyServerCustomizer loopRecorder() {
			return (httpServer) -> httpServer.doOnBound((bound) -> this.server.set(bound.channel().eventLoop()))
				.doOnConnection((accepted) -> this.connection.set(accepted.channel().eventLoop()));
		}

	}

}
