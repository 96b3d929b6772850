package dev.twinstack.webflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The composite profile endpoint on Spring WebFlux: Reactor Netty, WebClient and the
 * reactive MongoDB driver, non-blocking from the socket to the database.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class WebfluxApplication {

	/**
	 * Starts the application.
	 * @param args command-line arguments, e.g. {@code --server.port=8081}
	 */
	public static void main(String[] args) {
		SpringApplication.run(WebfluxApplication.class, args);
	}

}
