package dev.twinstack.webflux.profile;

import dev.twinstack.webflux.config.StackProperties;

import reactor.core.publisher.Mono;

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
 * {@code POST /profiles/{customerId}}: the composite endpoint of the README's contract.
 */
@RestController
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX, matchIfMissing = true)
class ProfileController {

	private final ProfileService profileService;

	ProfileController(ProfileService profileService) {
		this.profileService = profileService;
	}

	@PostMapping(path = "/profiles/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<ProfileDocument>> create(@PathVariable String customerId,
			@RequestParam MultiValueMap<String, String> queryParams,
			@RequestHeader(name = ProfileRequest.REQUEST_ID_HEADER, required = false) String requestId,
			@RequestHeader HttpHeaders headers) {
		ProfileRequest request = ProfileRequest.of(customerId, queryParams, requestId);
		ProfileRequest.requireNoBody(headers);
		return this.profileService.compose(request)
			.map((profile) -> ResponseEntity.status(HttpStatus.CREATED).body(profile));
	}

}
