package dev.twinstack.bench.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.twinstack.bench.process.AppProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saves an app's {@code /actuator/prometheus} scrape: every Micrometer meter it exposes,
 * under the names Prometheus and the Grafana dashboard in {@code monitoring/} use.
 */
public final class PrometheusSnapshot {

	private static final Logger logger = LoggerFactory.getLogger(PrometheusSnapshot.class);

	private PrometheusSnapshot() {
	}

	/**
	 * Saves the scrape; logs a warning when the app does not answer.
	 * @param app the running app
	 * @param file the file to write
	 */
	public static void save(AppProcess app, Path file) {
		URI uri = app.actuatorUri().resolve("prometheus");
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
						HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() == 200) {
				Files.createDirectories(file.getParent());
				Files.writeString(file, response.body());
			}
			else {
				logger.warn("{} answered HTTP {}", uri, response.statusCode());
			}
		}
		catch (IOException ex) {
			logger.warn("Could not save {}: {}", uri, ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
