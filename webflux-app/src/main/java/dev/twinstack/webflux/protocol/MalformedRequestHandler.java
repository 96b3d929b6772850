package dev.twinstack.webflux.protocol;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

import dev.twinstack.webflux.profile.ProfileRequest;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Answers the requests that Reactor Netty or Spring's adapter would reject with a bare
 * status and no body, before Spring WebFlux sees them, with an RFC 9457 problem
 * ({@code application/problem+json}) like the app's own: a request line or header fields
 * Netty cannot decode (400), a request line over
 * {@code server.netty.max-initial-line-length} (414), header fields over
 * {@code server.max-http-request-header-size} (431), a request target that is not a valid
 * URI (e.g. {@code %zz}; 400). It also rejects what Tomcat rejects and Spring WebFlux
 * would let through or misread: a request target that carries a fragment ({@code #}) or a
 * query parameter without a name ({@code =x}; 400), and every rule of
 * {@link ProtocolRules} (version, {@code Host}, request target, {@code Expect},
 * {@code Transfer-Encoding}); {@code OPTIONS *} gets Tomcat's answer. Sits in front of
 * Reactor Netty's {@code HttpTrafficHandler}, behind the {@link RequestGate}, so it sees
 * a request only once the previous exchange on the connection has terminated; after a
 * rejection the connection is closed, and whatever else arrives on it is dropped.
 */
class MalformedRequestHandler extends ChannelInboundHandlerAdapter {

	private static final URI INVALID_REQUEST = URI.create("urn:twinstack:problem:invalid-request");

	private final long maxInitialLineLength;

	private final long maxHeaderSize;

	private boolean rejected;

	/**
	 * Creates the handler for one connection.
	 * @param maxInitialLineLength the request line limit (bytes), for the 414 detail
	 * @param maxHeaderSize the header fields limit (bytes), for the 431 detail
	 */
	MalformedRequestHandler(long maxInitialLineLength, long maxHeaderSize) {
		this.maxInitialLineLength = maxInitialLineLength;
		this.maxHeaderSize = maxHeaderSize;
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (this.rejected) {
			ReferenceCountUtil.release(msg);
			return;
		}
		if (msg instanceof HttpRequest request) {
			Rejection rejection = rejection(request);
			if (rejection == null && ProtocolRules.isServerOptions(request)) {
				this.rejected = true;
				ReferenceCountUtil.release(msg);
				answerServerOptions(ctx);
				return;
			}
			if (rejection != null) {
				this.rejected = true;
				ReferenceCountUtil.release(msg);
				respond(ctx, rejection);
				return;
			}
		}
		ctx.fireChannelRead(msg);
	}

	private Rejection rejection(HttpRequest request) {
		DecoderResult result = request.decoderResult();
		if (result.isFailure()) {
			Throwable cause = result.cause();
			if (cause instanceof TooLongHttpLineException) {
				return Rejection.of(HttpStatus.URI_TOO_LONG, "request line must not exceed " + this.maxInitialLineLength
						+ " bytes (server.netty.max-initial-line-length)", null);
			}
			if (cause instanceof TooLongHttpHeaderException) {
				return Rejection.of(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "header fields must not exceed "
						+ this.maxHeaderSize + " bytes (server.max-http-request-header-size)", null);
			}
			return Rejection.of(HttpStatus.BAD_REQUEST, "the HTTP server rejected the request: " + cause.getMessage(),
					null);
		}
		ProtocolRules.Violation violation = ProtocolRules.check(request);
		if (violation != null) {
			return Rejection.of(violation.status(), violation.detail(), request.uri());
		}
		String target = request.uri();
		if (ProtocolRules.isServerOptions(request)) {
			return null;
		}
		try {
			URI uri = new URI(target);
			if (uri.getRawFragment() != null) {
				return Rejection.of(HttpStatus.BAD_REQUEST,
						"request target must not contain a fragment ('#'), got '" + target + "'", uri.getRawPath());
			}
			if (uri.getRawQuery() != null && hasNamelessParameter(uri.getRawQuery())) {
				return Rejection.of(INVALID_REQUEST, HttpStatus.BAD_REQUEST,
						ProfileRequest.malformedQueryDetail(uri.getRawQuery()), uri.getRawPath());
			}
			return null;
		}
		catch (URISyntaxException ex) {
			int query = target.indexOf('?');
			if (query >= 0 && isValidUri(target.substring(0, query))) {
				return Rejection.of(INVALID_REQUEST, HttpStatus.BAD_REQUEST,
						ProfileRequest.malformedQueryDetail(target.substring(query + 1)), target.substring(0, query));
			}
			return Rejection.of(HttpStatus.BAD_REQUEST,
					"request target must be a valid URI (RFC 3986): " + ex.getMessage(), null);
		}
	}

	/**
	 * Whether a query has a parameter without a name ({@code =x}, {@code =}), which
	 * Spring drops or misreads silently (Tomcat rejects it, as mvc-app does).
	 */
	private static boolean hasNamelessParameter(String rawQuery) {
		for (String pair : rawQuery.split("&")) {
			if (pair.startsWith("=")) {
				return true;
			}
		}
		return false;
	}

	private static boolean isValidUri(String target) {
		try {
			new URI(target);
			return true;
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

	/**
	 * Answers {@code OPTIONS *} as Tomcat does: 200, the methods the server knows in
	 * {@code Allow}, no body.
	 */
	private static void answerServerOptions(ChannelHandlerContext ctx) {
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
		response.headers()
			.set(HttpHeaderNames.ALLOW, "GET, HEAD, POST, PUT, DELETE, OPTIONS")
			.setInt(HttpHeaderNames.CONTENT_LENGTH, 0)
			.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
	}

	private static void respond(ChannelHandlerContext ctx, Rejection rejection) {
		byte[] json = rejection.json().getBytes(StandardCharsets.UTF_8);
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
				HttpResponseStatus.valueOf(rejection.status().value()), Unpooled.wrappedBuffer(json));
		response.headers()
			.set(HttpHeaderNames.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE)
			.setInt(HttpHeaderNames.CONTENT_LENGTH, json.length)
			.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
	}

	private record Rejection(HttpStatus status, String json) {

		static Rejection of(HttpStatus status, String detail, String path) {
			return of(null, status, detail, path);
		}

		static Rejection of(URI type, HttpStatus status, String detail, String path) {
			return new Rejection(status, ServerProblems.json(type, status, detail, path));
		}

	}

}
