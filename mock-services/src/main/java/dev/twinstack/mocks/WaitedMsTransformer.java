package dev.twinstack.mocks;

import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * Renders the slow service's answer {@code {"id":42,"waitedMs":1000}}: the id from the
 * request path {@code /slow/{id}} and the delay (ms) that WireMock applies to this very
 * response. WireMock samples the delay (fixed, log-normal or uniform) while it builds the
 * response, before any response transformer runs, so {@code waitedMs} is the actual
 * delay, not the configured one. Applies only to stubs that name it ({@value #NAME}).
 */
final class WaitedMsTransformer implements ResponseTransformerV2 {

	/** The name stub mappings use in their {@code transformers} list. */
	static final String NAME = "waited-ms";

	@Override
	public String getName() {
		return NAME;
	}

	@Override
	public boolean applyGlobally() {
		return false;
	}

	@Override
	public Response transform(Response response, ServeEvent serveEvent) {
		String body = "{\"id\":" + lastPathSegment(serveEvent.getRequest().getUrl()) + ",\"waitedMs\":"
				+ response.getInitialDelay() + "}";
		return Response.Builder.like(response).but().body(body).build();
	}

	/**
	 * The id of {@code /slow/42?x=y}: {@code 42}. The stub's URL pattern lets only
	 * numbers from 1 to 999999999 through.
	 */
	static String lastPathSegment(String url) {
		int query = url.indexOf('?');
		String path = (query >= 0) ? url.substring(0, query) : url;
		return path.substring(path.lastIndexOf('/') + 1);
	}

}
