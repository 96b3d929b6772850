package dev.twinstack.webflux.profile

import dev.twinstack.webflux.config.StackProperties
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.util.MultiValueMap
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * The coroutine twin of [ProfileController]: `POST /profiles/{customerId}` as a `suspend`
 * function, which Spring WebFlux runs on the request's event loop. Failures are turned into
 * problems by the same [ProfileExceptionHandler].
 */
@RestController
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineProfileController(private val profileService: CoroutineProfileService) {

	@PostMapping(path = ["/profiles/{customerId}"], produces = [MediaType.APPLICATION_JSON_VALUE])
	suspend fun create(
		@PathVariable customerId: String,
		@RequestParam queryParams: MultiValueMap<String, String>,
		@RequestHeader(name = ProfileRequest.REQUEST_ID_HEADER, required = false) requestId: String?,
		@RequestHeader headers: HttpHeaders,
	): ResponseEntity<ProfileDocument> {
		val request = ProfileRequest.of(customerId, queryParams, requestId)
		ProfileRequest.requireNoBody(headers)
		return ResponseEntity.status(HttpStatus.CREATED).body(profileService.compose(request))
	}

}
