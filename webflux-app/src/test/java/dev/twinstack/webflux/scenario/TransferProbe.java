package dev.twinstack.webflux.scenario;

import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.FileRegion;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shows which way the large payload left Reactor Netty: on every server connection, a
 * handler between the application and the HTTP codec counts the body bytes written as
 * {@link FileRegion}s (sent by the kernel with {@code sendfile(2)}, never copied into the
 * JVM) and as buffers (copied through user space).
 */
@TestConfiguration(proxyBeanMethods = false)
class TransferProbe {

	private static final AtomicLong fileRegionBytes = new AtomicLong();

	private static final AtomicLong bufferBytes = new AtomicLong();

	@Bean
	NettyServerCustomizer transferCounter() {
		return (server) -> server
			.doOnConnection((connection) -> connection.addHandlerLast("transferProbe", new Counting()));
	}

	/** Forgets what was counted so far. */
	static void reset() {
		fileRegionBytes.set(0);
		bufferBytes.set(0);
	}

	/**
	 * Asserts that the last response's body went out as a file region only.
	 * @param bytes the body size (bytes)
	 */
	static void assertZeroCopy(long bytes) {
		assertThat(fileRegionBytes.get()).as("body bytes written as FileRegion").isEqualTo(bytes);
		assertThat(bufferBytes.get()).as("body bytes written as buffers").isZero();
	}

	/**
	 * Asserts that the last response's body went out as buffers only.
	 * @param bytes the body size (bytes)
	 */
	static void assertCopied(long bytes) {
		assertThat(fileRegionBytes.get()).as("body bytes written as FileRegion").isZero();
		assertThat(bufferBytes.get()).as("body bytes written as buffers").isEqualTo(bytes);
	}

	/** Counts before it passes a write on, so the count is complete once the body is. */
	private static final class Counting extends ChannelOutboundHandlerAdapter {

		@Override
		public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
			if (msg instanceof FileRegion region) {
				fileRegionBytes.addAndGet(region.count());
			}
			else if (msg instanceof ByteBuf buffer) {
				bufferBytes.addAndGet(buffer.readableBytes());
			}
			else if (msg instanceof ByteBufHolder holder) {
				bufferBytes.addAndGet(holder.content().readableBytes());
			}
			super.write(ctx, msg, promise);
		}

	}

}
