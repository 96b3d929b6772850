package dev.twinstack.mvc.profile;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Validation of the raw request parts, with the README's exact messages.
 */
class ProfileRequestTests {

	@Test
	void acceptsValidRequest() {
		ProfileRequest request = ProfileRequest.of("42", Map.of("fanout", List.of("parallel")), "bench-1-000042");
		assertThat(request).isEqualTo(new ProfileRequest(42, Fanout.PARALLEL, "bench-1-000042"));
	}

	@Test
	void acceptsBoundaryCustomerIds() {
		assertThat(ProfileRequest.of("1", Map.of(), "a").customerId()).isEqualTo(1);
		assertThat(ProfileRequest.of("999999999", Map.of(), "a").customerId()).isEqualTo(999_999_999);
	}

	@Test
	void defaultsToSequentialFanout() {
		assertThat(ProfileRequest.of("42", Map.of(), "r").fanout()).isEqualTo(Fanout.SEQUENTIAL);
		assertThat(ProfileRequest.of("42", Map.of("fanout", List.of("sequential")), "r").fanout())
			.isEqualTo(Fanout.SEQUENTIAL);
	}

	@Test
	void generatesRandomUuidWhenRequestIdMissing() {
		String first = ProfileRequest.of("42", Map.of(), null).requestId();
		String second = ProfileRequest.of("42", Map.of(), null).requestId();
		assertThat(UUID.fromString(first).version()).isEqualTo(4);
		assertThat(first).isNotEqualTo(second);
	}

	@Test
	void rejectsInvalidCustomerIds() {
		for (String customerId : List.of("abc", "0", "-1", "+1", "01", "1000000000", "1.5", "1e3", " 1", "",
				"\u0664\u0662", "\uff14\uff12", "é")) {
			assertThatExceptionOfType(InvalidRequestException.class).as(customerId)
				.isThrownBy(() -> ProfileRequest.of(customerId, Map.of(), "r"))
				.withMessage("customerId must be a whole number from 1 to 999999999, got '" + customerId + "'");
		}
	}

	@Test
	void rejectsUnknownFanout() {
		for (String fanout : List.of("sideways", "PARALLEL", "", " parallel")) {
			assertThatExceptionOfType(InvalidRequestException.class).as(fanout)
				.isThrownBy(() -> ProfileRequest.of("42", Map.of("fanout", List.of(fanout)), "r"))
				.withMessage("fanout must be one of [sequential, parallel], got '" + fanout + "'");
		}
	}

	@Test
	void rejectsRepeatedFanout() {
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> ProfileRequest.of("42", Map.of("fanout", List.of("parallel", "parallel")), "r"))
			.withMessage("fanout must be given at most once, got 2 values; accepted: [sequential, parallel]");
	}

	@Test
	void rejectsUnknownQueryParameter() {
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> ProfileRequest.of("42", Map.of("foo", List.of("bar")), "r"))
			.withMessage("unknown query parameter 'foo'; accepted: [fanout]");
	}

	@Test
	void rejectsInvalidRequestIds() {
		for (String requestId : List.of("", "a".repeat(65), "a b", "{\"$gt\":\"\"}", "id/1", "é")) {
			assertThatExceptionOfType(InvalidRequestException.class).as(requestId)
				.isThrownBy(() -> ProfileRequest.of("42", Map.of(), requestId))
				.withMessage(
						"X-Request-Id must be 1 to 64 characters from A-Z a-z 0-9 . _ : -, got '" + requestId + "'");
		}
	}

	@Test
	void rejectsRequestBody() {
		HttpHeaders withLength = new HttpHeaders();
		withLength.setContentLength(2);
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> ProfileRequest.requireNoBody(withLength))
			.withMessage("POST /profiles/{customerId} takes no request body, got Content-Length '2'; "
					+ "accepted: no body or Content-Length 0");
		HttpHeaders chunked = new HttpHeaders();
		chunked.set(HttpHeaders.TRANSFER_ENCODING, "chunked");
		assertThatExceptionOfType(InvalidRequestException.class).isThrownBy(() -> ProfileRequest.requireNoBody(chunked))
			.withMessage("POST /profiles/{customerId} takes no request body, got Transfer-Encoding 'chunked'; "
					+ "accepted: no body");
	}

	@Test
	void acceptsNoBodyAndEmptyBody() {
		HttpHeaders empty = new HttpHeaders();
		empty.setContentLength(0);
		assertThatNoException().isThrownBy(() -> ProfileRequest.requireNoBody(empty));
		assertThatNoException().isThrownBy(() -> ProfileRequest.requireNoBody(new HttpHeaders()));
	}

	@Test
	void acceptsRequestIdsOfAllAllowedCharacters() {
		String requestId = "AZaz09._:-" + "x".repeat(54);
		assertThat(ProfileRequest.of("42", Map.of(), requestId).requestId()).isEqualTo(requestId);
	}

}
