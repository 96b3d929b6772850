package dev.twinstack.mvc.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The extra benchmark scenarios of the README: {@code GET /scenarios/cpu-light},
 * {@code GET /scenarios/large-payload} and {@code GET /scenarios/slow-io/{customerId}}.
 * Nothing is stored. The large payload goes out through Tomcat's sendfile (zero-copy) or,
 * with {@code zeroCopy=false}, through a user-space buffer; the counter
 * {@value #TRANSFERS} (tag {@code transfer}: {@value #ZERO_COPY} or {@value #COPY})
 * counts which way each response took.
 */
@RestController
class ScenarioController {

	/** Counter of large-payload responses, by transfer. */
	static final String TRANSFERS = "scenarios.payload.transfers";

	static final String ZERO_COPY = "zero-copy";

	static final String COPY = "copy";

	/** Buffer of the user-space copy (bytes), as in a classic read/write loop. */
	static final int BUFFER_SIZE = 8192;

	// Tomcat's sendfile request attributes (org.apache.catalina.Globals)
	static final String SENDFILE_SUPPORT = "org.apache.tomcat.sendfile.support";

	static final String SENDFILE_FILENAME = "org.apache.tomcat.sendfile.filename";

	static final String SENDFILE_START = "org.apache.tomcat.sendfile.start";

	static final String SENDFILE_END = "org.apache.tomcat.sendfile.end";

	private static final Logger logger = LoggerFactory.getLogger(ScenarioController.class);

	private final LargePayload largePayload;

	private final SlowClient slowClient;

	private final Counter zeroCopyTransfers;

	private final Counter copyTransfers;

	private final AtomicBoolean warnedNoZeroCopy = new AtomicBoolean();

	ScenarioController(LargePayload largePayload, SlowClient slowClient, MeterRegistry meterRegistry) {
		this.largePayload = largePayload;
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
	 * Hands the file to Tomcat, which sends it with {@code sendfile(2)} once this method
	 * has returned (nothing is written here); falls back to the user-space copy, with a
	 * warning, when the connector has no sendfile support. {@code HEAD} gets the headers
	 * only (Tomcat would send a sendfile body even then).
	 */
	@GetMapping(path = "/scenarios/large-payload", params = ScenarioParameters.ZERO_COPY + "!=false",
			produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
	void largePayload(@RequestParam MultiValueMap<String, String> queryParams, HttpServletRequest request,
			HttpServletResponse response) throws IOException {
		ScenarioParameters.zeroCopy(queryParams);
		if (!Boolean.TRUE.equals(request.getAttribute(SENDFILE_SUPPORT))) {
			if (this.warnedNoZeroCopy.compareAndSet(false, true)) {
				logger.warn("Tomcat offers no sendfile on this connector ({} is not true): "
						+ "/scenarios/large-payload copies through a user-space buffer", SENDFILE_SUPPORT);
			}
			largePayloadCopied(queryParams, request, response);
			return;
		}
		response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
		response.setContentLengthLong(this.largePayload.size());
		if (HttpMethod.HEAD.matches(request.getMethod())) {
			return; // headers only: Tomcat would send a sendfile body even to HEAD
		}
		this.zeroCopyTransfers.increment();
		request.setAttribute(SENDFILE_FILENAME, this.largePayload.file().toString());
		request.setAttribute(SENDFILE_START, 0L);
		request.setAttribute(SENDFILE_END, this.largePayload.size());
	}

	/** Reads the file into a buffer and writes the buffer out, chunk by chunk. */
	@GetMapping(path = "/scenarios/large-payload", params = ScenarioParameters.ZERO_COPY + "=false",
			produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
	void largePayloadCopied(@RequestParam MultiValueMap<String, String> queryParams, HttpServletRequest request,
			HttpServletResponse response) throws IOException {
		ScenarioParameters.zeroCopy(queryParams);
		response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
		response.setContentLengthLong(this.largePayload.size());
		if (HttpMethod.HEAD.matches(request.getMethod())) {
			return; // headers only
		}
		this.copyTransfers.increment();
		byte[] buffer = new byte[BUFFER_SIZE];
		OutputStream out = response.getOutputStream();
		try (InputStream in = Files.newInputStream(this.largePayload.file())) {
			for (int read = in.read(buffer); read != -1; read = in.read(buffer)) {
				out.write(buffer, 0, read);
			}
		}
	}

	@GetMapping(path = "/scenarios/slow-io/{customerId}", produces = MediaType.APPLICATION_JSON_VALUE)
	SlowAnswer slowIo(@PathVariable String customerId, @RequestParam MultiValueMap<String, String> queryParams) {
		return this.slowClient.slow(ScenarioParameters.customerId(customerId, queryParams));
	}

}
