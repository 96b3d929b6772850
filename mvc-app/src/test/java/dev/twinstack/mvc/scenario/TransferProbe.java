package dev.twinstack.mvc.scenario;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.Filter;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shows which way the large payload left Tomcat: counts the body bytes the application
 * writes through the Servlet API. With sendfile the application writes none, so a
 * complete body at the client can only have come from Tomcat's {@code sendfile(2)} of the
 * file.
 */
@TestConfiguration(proxyBeanMethods = false)
class TransferProbe {

	private static final AtomicLong servletApiBytes = new AtomicLong();

	@Bean
	FilterRegistrationBean<Filter> servletApiBytesCounter() {
		FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> chain
			.doFilter(request, new CountingResponse((HttpServletResponse) response)));
		registration.addUrlPatterns("/scenarios/large-payload");
		return registration;
	}

	/** Forgets what was counted so far. */
	static void reset() {
		servletApiBytes.set(0);
	}

	/**
	 * Asserts that the last response went out without the application copying it.
	 * @param bytes the body size (bytes)
	 */
	static void assertZeroCopy(long bytes) {
		assertThat(servletApiBytes.get()).as("body bytes written through the Servlet API").isZero();
	}

	/**
	 * Asserts that the application copied the last response's body through a buffer.
	 * @param bytes the body size (bytes)
	 */
	static void assertCopied(long bytes) {
		assertThat(servletApiBytes.get()).as("body bytes written through the Servlet API").isEqualTo(bytes);
	}

	/** Counts before it passes bytes on, so the count is complete once the body is. */
	private static final class CountingResponse extends HttpServletResponseWrapper {

		private ServletOutputStream counting;

		CountingResponse(HttpServletResponse response) {
			super(response);
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			if (this.counting == null) {
				this.counting = new CountingOutputStream(super.getOutputStream());
			}
			return this.counting;
		}

	}

	private static final class CountingOutputStream extends ServletOutputStream {

		private final ServletOutputStream delegate;

		CountingOutputStream(ServletOutputStream delegate) {
			this.delegate = delegate;
		}

		@Override
		public void write(int b) throws IOException {
			servletApiBytes.incrementAndGet();
			this.delegate.write(b);
		}

		@Override
		public void write(byte[] b, int off, int len) throws IOException {
			servletApiBytes.addAndGet(len);
			this.delegate.write(b, off, len);
		}

		@Override
		public void flush() throws IOException {
			this.delegate.flush();
		}

		@Override
		public void close() throws IOException {
			this.delegate.close();
		}

		@Override
		public boolean isReady() {
			return this.delegate.isReady();
		}

		@Override
		public void setWriteListener(WriteListener writeListener) {
			this.delegate.setWriteListener(writeListener);
		}

	}

}
