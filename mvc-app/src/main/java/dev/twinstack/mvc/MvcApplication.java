package dev.twinstack.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The composite profile endpoint on Spring MVC: Tomcat, RestClient on Apache HttpClient 5
 * and the synchronous MongoDB driver, blocking from the socket to the database.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class MvcApplication {

	/**
	 * Starts the application.
	 * @param args command-line arguments, e.g. {@code --server.port=8080}
	 */
	public static void main(String[] args) {
		SpringApplication.run(MvcApplication.class, args);
	}

}
