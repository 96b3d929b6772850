package dev.twinstack.webflux.scenario

import dev.twinstack.webflux.config.StackProperties
import io.micrometer.core.instrument.Counter
import io.micrometer.core.instrument.MeterRegistry
import java.util.concurrent.atomic.AtomicBoolean
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.emptyFlow
import kotlinx.coroutines.reactive.asFlow
import org.slf4j.LoggerFactory
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.core.io.FileSystemResource
import org.springframework.core.io.Resource
import org.springframework.core.io.buffer.DataBuffer
import org.springframework.core.io.buffer.DataBufferUtils
import org.springframework.http.HttpMethod
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.http.ZeroCopyHttpOutputMessage
import org.springframework.http.server.reactive.ServerHttpRequest
import org.springframework.http.server.reactive.ServerHttpResponse
import org.springframework.util.MultiValueMap
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * The coroutine twin of [ScenarioController]: the same three scenario endpoints, the same
 * counter of large-payload transfers. Only slow-io waits, and it is a `suspend` function;
 * cpu-light and the zero-copy payload have nothing to await and read as in the Java
 * controller; the copied payload is a [Flow] of buffers. The constructor is private as
 * [LargePayload] is package-private in Java, which Kotlin lets no wider constructor take;
 * Spring calls it all the same.
 */
@RestController
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineScenarioController private constructor(
	private val largePayload: LargePayload,
	private val slowClient: CoroutineSlowClient,
	meterRegistry: MeterRegistry,
) {

	private val largePayloadFile: Resource = FileSystemResource(largePayload.file())

	private val zeroCopyTransfers = transfers(meterRegistry, ScenarioEndpoints.ZERO_COPY)

	private val copyTransfers = transfers(meterRegistry, ScenarioEndpoints.COPY)

	private val warnedNoZeroCopy = AtomicBoolean()

	@GetMapping(path = ["/scenarios/cpu-light"], produces = [MediaType.APPLICATION_JSON_VALUE])
	fun cpuLight(@RequestParam queryParams: MultiValueMap<String, String>): CpuLightResult =
		CpuLightResult.compute(ScenarioParameters.seed(queryParams))

	/** The file as a [Resource], sent by Reactor Netty with `sendfile(2)` ([ScenarioController]). */
	@GetMapping(path = ["/scenarios/large-payload"], params = [ScenarioParameters.ZERO_COPY + "!=false"],
		produces = [MediaType.APPLICATION_OCTET_STREAM_VALUE])
	fun largePayload(@RequestParam queryParams: MultiValueMap<String, String>, request: ServerHttpRequest,
			response: ServerHttpResponse): ResponseEntity<Resource> {
		ScenarioParameters.zeroCopy(queryParams)
		if (request.method != HttpMethod.HEAD) {
			countTransfer(response)
		}
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.contentLength(largePayload.size())
			.body(largePayloadFile)
	}

	private fun countTransfer(response: ServerHttpResponse) {
		if (response is ZeroCopyHttpOutputMessage) {
			zeroCopyTransfers.increment()
			return
		}
		if (warnedNoZeroCopy.compareAndSet(false, true)) {
			logger.warn("The server offers no zero-copy transfer ({} is not a ZeroCopyHttpOutputMessage): "
					+ "/scenarios/large-payload copies through user-space buffers", response.javaClass.name)
		}
		copyTransfers.increment()
	}

	/** The file read into buffers on an `AsynchronousFileChannel` and written out as a [Flow]. */
	@GetMapping(path = ["/scenarios/large-payload"], params = [ScenarioParameters.ZERO_COPY + "=false"],
		produces = [MediaType.APPLICATION_OCTET_STREAM_VALUE])
	fun largePayloadCopied(@RequestParam queryParams: MultiValueMap<String, String>, request: ServerHttpRequest,
			response: ServerHttpResponse): ResponseEntity<Flow<DataBuffer>> {
		ScenarioParameters.zeroCopy(queryParams)
		var body: Flow<DataBuffer> = emptyFlow() // HEAD: headers only
		if (request.method != HttpMethod.HEAD) {
			copyTransfers.increment()
			body = DataBufferUtils.read(largePayloadFile, response.bufferFactory(), ScenarioEndpoints.BUFFER_SIZE)
				.asFlow()
		}
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.contentLength(largePayload.size())
			.body(body)
	}

	@GetMapping(path = ["/scenarios/slow-io/{customerId}"], produces = [MediaType.APPLICATION_JSON_VALUE])
	suspend fun slowIo(@PathVariable customerId: String,
			@RequestParam queryParams: MultiValueMap<String, String>): SlowAnswer =
		slowClient.slow(ScenarioParameters.customerId(customerId, queryParams))

	private companion object {

		private val logger = LoggerFactory.getLogger(CoroutineScenarioController::class.java)

		fun transfers(meterRegistry: MeterRegistry, transfer: String): Counter = Counter.builder(ScenarioEndpoints.TRANSFERS)
			.description("Large-payload responses, by the way the bytes went out")
			.tag("transfer", transfer)
			.register(meterRegistry)

	}

}
