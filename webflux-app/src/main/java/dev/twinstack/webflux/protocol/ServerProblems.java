package dev.twinstack.webflux.protocol;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;

/**
 * RFC 9457 problems for requests the HTTP server rejects before Spring sees them: the
 * same members as Spring's own problems for 404 and 405 ({@code type} omitted, that is
 * {@code about:blank}; {@code title} the reason phrase; {@code instance} the request path
 * when it is a valid URI reference).
 */
final class ServerProblems {

	private ServerProblems() {
	}

	/**
	 * The problem as {@code application/problem+json}.
	 * @param status the HTTP status, 4xx
	 * @param detail what is wrong with the request
	 * @param path the raw request path, or {@code null} when unknown
	 * @return the JSON document
	 */
	static String json(HttpStatus status, String detail, String path) {
		return json(null, status, detail, path);
	}

	/**
	 * The problem as {@code application/problem+json}, with a {@code type}.
	 * @param type the problem type, or {@code null} for {@code about:blank}
	 * @param status the HTTP status, 4xx
	 * @param detail what is wrong with the request
	 * @param path the raw request path, or {@code null} when unknown
	 * @return the JSON document
	 */
	static String json(URI type, HttpStatus status, String detail, String path) {
		Map<String, Object> problem = new LinkedHashMap<>();
		if (type != null) {
			problem.put("type", type.toString());
		}
		problem.put("title", status.getReasonPhrase());
		problem.put("status", status.value());
		problem.put("detail", detail);
		String instance = instance(path);
		if (instance != null) {
			problem.put("instance", instance);
		}
		return JsonMapper.shared().writeValueAsString(problem);
	}

	private static String instance(String path) {
		if (path == null || !path.startsWith("/")) {
			return null;
		}
		try {
			return new URI(path).getRawPath();
		}
		catch (URISyntaxException ex) {
			return null;
		}
	}

}
