package dev.twinstack.webflux.scenario;

import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

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
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The scenario endpoints that have nothing to wait for, shared by the {@code webflux}
 * stack's {@link ScenarioController} and the {@code webflux-vt} stack's
 * {@link BlockingScenarioController}: {@code GET /scenarios/cpu-light} and
 * {@code GET /scenarios/large-payload}, whose answer the server writes out on the event
 * loop whatever thread ran the handler. The large payload goes out through Netty's
 * zero-copy file transfer ({@code FileRegion}, {@code sendfile(2)}) or, with
 * {@code zeroCopy=false}, through user-space buffers; the counter {@value #TRANSFERS}
 * (tag {@code transfer}: {@value #ZERO_COPY} or {@value #COPY}) counts which way each
 * response took. Each subclass adds slow-io, the one scenario that waits.
 */
abstract class ScenarioEndpoints {

	/** Counter of large-payload responses, by transfer. */
	static final String TRANSFERS = "scenarios.payload.transfers";

	static final String ZERO_COPY = "zero-copy";

	static final String COPY = "copy";

	/** Buffer of the user-space copy (bytes), as in a classic read/write loop. */
	static final int BUFFER_SIZE = 8192;

	private static final Logger logger = LoggerFactory.getLogger(ScenarioEndpoints.class);

	private final LargePayload largePayload;

	private final Resource largePayloadFile;

	private final Counter zeroCopyTransfers;

	private final Counter copyTransfers;

	private final AtomicBoolean warnedNoZeroCopy = new AtomicBoolean();

	ScenarioEndpoints(LargePayload largePayload, MeterRegistry meterRegistry) {
		this.largePayload = largePayload;
		this.largePayloadFile = new FileSystemResource(largePayload.file());
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

}
