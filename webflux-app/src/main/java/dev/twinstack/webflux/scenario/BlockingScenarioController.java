package dev.twinstack.webflux.scenario;

import dev.twinstack.webflux.config.StackProperties;

import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.ZeroCopyHttpOutputMessage;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The {@code webflux-vt} stack's twin of {@link ScenarioController}: the same three
 * scenario endpoints and counter of large-payload transfers, as methods that return plain
 * values, which Spring WebFlux runs on virtual threads. Only slow-io waits (a blocking
 * call on its virtual thread); cpu-light and the two large-payload methods read as in the
 * reactive controller: they return the file (or its buffers) and the server writes it out
 * on the event loop.
 */
@RestController
@ConditionalOnProperty(name = StackProperties.PROPERTY, havingValue = StackProperties.WEBFLUX_VT)
class BlockingScenarioController {

	static final String TRANSFERS = ScenarioController.TRANSFERS;

	static final String ZERO_COPY = ScenarioController.ZERO_COPY;

	static final String COPY = ScenarioController.COPY;

	static final int BUFFER_SIZE = ScenarioController.BUFFER_SIZE;

	private static final Logger logger = LoggerFactory.getLogger(BlockingScenarioController.class);

	private final LargePayload largePayload;

	private final Resource largePayloadFile;

	private final BlockingSlowClient slowClient;

	private final Counter zeroCopyTransfers;

	private final Counter copyTransfers;

	private final AtomicBoolean warnedNoZeroCopy = new AtomicBoolean();

	BlockingScenarioController(LargePayload largePayload, BlockingSlowClient slowClient, MeterRegistry meterRegistry) {
		this.largePayload = largePayload;
		this.largePayloadFile = new FileSystemResource(largePayload.file());
		this.slowClient = slowClient;
		this.zeroCopyTransfers = transfers(meterRegistry, ZERO_COPY);
		this.copyTransfers = transfers(meterRegistry, COPY);
	}

	private static Counter transfers(MeterRegistry meterRegistry, String transfer) {
		return Counter.builder(TRANSFERS)
			.description("Large-payload responses, by the way the bytes went out")
			.tag("transfer", transfer)
			.register(meterRegistry);
	}

	@GetMapping(path = "/scenarios/cpu-light", produces = MediaType.APPLICATION_JSON_VALUE)
	CpuLightResult cpuLight(@RequestParam MultiValueMap<String, String> queryParams) {
		return CpuLightResult.compute(ScenarioParameters.seed(queryParams));
	}

	/**
	 * Returns the file as a file-system {@link Resource}: Spring's
	 * {@code ResourceHttpMessageWriter} hands it to the server's
	 * {@link ZeroCopyHttpOutputMessage}, and Reactor Netty writes a {@code FileRegion}
	 * that the kernel sends with {@code sendfile(2)}; Spring falls back to reading the
	 * file into buffers (a warning is logged once) when the server has no zero-copy
	 * support. {@code HEAD} gets the headers only (Spring drops the body).
	 */
	@GetMapping(path = "/scenarios/large-payload", params = ScenarioParameters.ZERO_COPY + "!=false",
			produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
	ResponseEntity<Resource> largePayload(@RequestParam MultiValueMap<String, String> queryParams,
			ServerHttpRequest request, ServerHttpResponse response) {
		ScenarioParameters.zeroCopy(queryParams);
		if (request.getMethod() != HttpMethod.HEAD) {
			countTransfer(response);
		}
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.contentLength(this.largePayload.size())
			.body(this.largePayloadFile);
	}

	/** Counts the way Spring's {@code ResourceHttpMessageWriter} will take. */
	private void countTransfer(ServerHttpResponse response) {
		if (response instanceof ZeroCopyHttpOutputMessage) {
			this.zeroCopyTransfers.increment();
		}
		else {
			if (this.warnedNoZeroCopy.compareAndSet(false, true)) {
				logger.warn(
						"The server offers no zero-copy transfer ({} is not a ZeroCopyHttpOutputMessage): "
								+ "/scenarios/large-payload copies through user-space buffers",
						response.getClass().getName());
			}
			this.copyTransfers.increment();
		}
	}

	/**
	 * Reads the file into buffers and writes the buffers out, chunk by chunk; the reads
	 * run on an {@code AsynchronousFileChannel}, never on the event loop.
	 */
	@GetMapping(path = "/scenarios/large-payload", params = ScenarioParameters.ZERO_COPY + "=false",
			produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
	ResponseEntity<Flux<DataBuffer>> largePayloadCopied(@RequestParam MultiValueMap<String, String> queryParams,
			ServerHttpRequest request, ServerHttpResponse response) {
		ScenarioParameters.zeroCopy(queryParams);
		Flux<DataBuffer> body = Flux.empty(); // HEAD: headers only
		if (request.getMethod() != HttpMethod.HEAD) {
			this.copyTransfers.increment();
			body = DataBufferUtils.read(this.largePayloadFile, response.bufferFactory(), BUFFER_SIZE);
		}
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.contentLength(this.largePayload.size())
			.body(body);
	}

	@GetMapping(path = "/scenarios/slow-io/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	SlowAnswer slowIo(@PathVariable String customerId, @RequestParam MultiValueMap<String, String> queryParams) {
		return this.slowClient.slow(ScenarioParameters.customerId(customerId, queryParams));
	}

}
