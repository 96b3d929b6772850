package dev.twinstack.webflux.protocol;

import java.util.ArrayDeque;
import java.util.Queue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import reactor.netty.channel.ChannelOperations;

/**
 * Lets a request on an HTTP/1.1 connection through to Reactor Netty only once the
 * previous exchange on that connection has terminated; until then the request, and
 * everything that arrives after it, waits here in arrival order.
 * <p>
 * Works around a Reactor Netty bug (seen in 1.3.6; 1.3.8's {@code HttpTrafficHandler} has
 * the same code): Reactor Netty terminates an exchange in a listener of its last write,
 * and when the response was completed off the event loop (a handler that finishes on
 * another thread: the actuator's health check, the MongoDB driver), that listener runs as
 * a separate event-loop task. A client that sends its next request as soon as it has the
 * answer can get it read before that task. Reactor Netty then buffers the request until
 * the exchange terminates, but if the request asks to close the connection
 * ({@code Connection: close}, HTTP/1.0 without keep-alive) it has already marked the
 * connection non-persistent, so it never resumes the buffered request: no answer, and the
 * connection stays open. Sent with the previous request (pipelined), such a request makes
 * Reactor Netty close the connection after the previous answer, again unanswered. Held
 * here instead, the request reaches Reactor Netty as if it had arrived a moment later,
 * and is answered.
 * <p>
 * Sits in front of {@link MalformedRequestHandler}, so a rejection never overtakes the
 * answer to an earlier request either. Reactor Netty reads from the socket on demand and
 * asks for nothing more while its exchange is in progress, so what waits here is what was
 * already read.
 */
class RequestGate extends ChannelInboundHandlerAdapter {

	private final Queue<Object> waiting = new ArrayDeque<>();

	private boolean releaseScheduled;

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (!this.waiting.isEmpty() || (msg instanceof HttpRequest && exchangeInProgress(ctx))) {
			this.waiting.add(msg);
			return;
		}
		ctx.fireChannelRead(msg);
	}

	/**
	 * Reactor Netty signals the end of an exchange with a user event, fired from inside
	 * the termination; the waiting messages go on in a task of their own, after it.
	 */
	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
		ctx.fireUserEventTriggered(evt);
		if (!this.waiting.isEmpty() && !this.releaseScheduled) {
			this.releaseScheduled = true;
			ctx.executor().execute(() -> release(ctx));
		}
	}

	private void release(ChannelHandlerContext ctx) {
		this.releaseScheduled = false;
		while (!this.waiting.isEmpty() && ctx.channel().isActive()) {
			if (this.waiting.peek() instanceof HttpRequest && exchangeInProgress(ctx)) {
				return;
			}
			ctx.fireChannelRead(this.waiting.poll());
		}
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		discard();
		ctx.fireChannelInactive();
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		discard();
	}

	private void discard() {
		for (Object msg = this.waiting.poll(); msg != null; msg = this.waiting.poll()) {
			ReferenceCountUtil.release(msg);
		}
	}

	/** Whether an exchange is still bound to the connection, as Reactor Netty tells. */
	private static boolean exchangeInProgress(ChannelHandlerContext ctx) {
		return ChannelOperations.get(ctx.channel()) != null;
	}

}
