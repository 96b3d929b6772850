package dev.twinstack.mocks;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.github.tomakehurst.wiremock.common.Notifier;

/**
 * Sends WireMock's messages to SLF4J without per-request noise: informational and
 * "request was not matched" messages at DEBUG, other errors at WARN.
 */
final class QuietNotifier implements Notifier {

	private static final Logger logger = LoggerFactory.getLogger("dev.twinstack.mocks.wiremock");

	private final Downstream service;

	QuietNotifier(Downstream service) {
		this.service = service;
	}

	@Override
	public void info(String message) {
		logger.debug("{}: {}", this.service, message);
	}

	@Override
	public void error(String message) {
		if (message != null && message.strip().startsWith("Request was not matched")) {
			logger.debug("{}: {}", this.service, message);
		}
		else {
			logger.warn("{}: {}", this.service, message);
		}
	}

	@Override
	public void error(String message, Throwable cause) {
		logger.warn("{}: {}", this.service, message, cause);
	}

}
