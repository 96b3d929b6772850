package dev.twinstack.mocks.contract;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RFC 9457 problems of the README's contract, as the tests expect them.
 */
final class Problems {

	private static final ParameterizedTypeReference<Map<String, Object>> JSON_OBJECT = new ParameterizedTypeReference<>() {
	};

	private Problems() {
	}

	/**
	 * Asserts a problem with exactly these members.
	 * @param response the answer
	 * @param status its status
	 * @param type the problem type
	 * @param detail the detail
	 * @param instance the request path
	 * @param service the downstream service, or {@code null} for none
	 */
	static void assertProblem(WebTestClient.ResponseSpec response, HttpStatus status, String type, String detail,
			String instance, String service) {
		Map<String, Object> expected = new LinkedHashMap<>();
		expected.put("type", type);
		expected.put("title", status.getReasonPhrase());
		expected.put("status", status.value());
		expected.put("detail", detail);
		expected.put("instance", instance);
		if (service != null) {
			expected.put("service", service);
		}
		assertThat(problem(response, status)).as(detail).isEqualTo(expected);
	}

	/**
	 * Asserts an RFC 9457 problem without any trace of a stack trace and returns its
	 * members.
	 * @param response the answer
	 * @param status its status
	 * @return the problem's members
	 */
	static Map<String, Object> problem(WebTestClient.ResponseSpec response, HttpStatus status) {
		Map<String, Object> problem = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(JSON_OBJECT)
			.returnResult()
			.getResponseBody();
		// "type" may be absent (= about:blank) in Spring's own problems for 404 and 405
		assertThat(problem).containsEntry("status", status.value()).containsKeys("title", "detail", "instance");
		assertThat(problem.toString()).doesNotContain("Exception", "\tat ", "trace");
		return problem;
	}

}
