package dev.twinstack.webflux.profile;

import dev.twinstack.webflux.config.StackProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /profiles/{customerId}}: the composite endpoint of the README's contract,
 * on the {@code webflux-vt} stack. It returns a plain value, so Spring WebFlux runs it on
 * its blocking executor (Spring Boot's {@code applicationTaskExecutor}: a new virtual
 * thread per request), never on the event loop. The twin of {@link ProfileController}.
 */
@RestController
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingProfileController {

	private final BlockingProfileService profileService;

	BlockingProfileController(BlockingProfileService profileService) {
		this.profileService = profileService;
	}

	@PostMapping(path = "/profiles/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<ProfileDocument> create(@PathVariable String customerId,
			@RequestParam MultiValueMap<String, String> queryParams,
			@RequestHeader(name = ProfileRequest.REQUEST_ID_HEADER, required = false) String requestId,
			@RequestHeader HttpHeaders headers) {
		ProfileRequest request = ProfileRequest.of(customerId, queryParams, requestId);
		ProfileRequest.requireNoBody(headers);
		ProfileDocument profile = this.profileService.compose(request);
		return ResponseEntity.status(HttpStatus.CREATED).body(profile);
	}

}
