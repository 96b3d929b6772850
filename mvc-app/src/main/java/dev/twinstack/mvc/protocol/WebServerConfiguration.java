package dev.twinstack.mvc.protocol;

import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Bad input that never reaches Spring MVC gets the same kind of answer as bad input that
 * does: Tomcat's own rejections are RFC 9457 problems ({@link ProblemErrorReportValve}),
 * and Tomcat does not parse request bodies as form parameters (the endpoint reads no
 * body, so a form body must neither pass for query parameters nor fail as one).
 */
@Configuration(proxyBeanMethods = false)
class WebServerConfiguration {

	/**
	 * Runs after Spring Boot's own Tomcat customizer (which installs a plain
	 * {@link ErrorReportValve}): unordered beans come last.
	 */
	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> rejectedRequestProblemsCustomizer() {
		return (factory) -> {
			factory.addConnectorCustomizers((connector) -> connector.setParseBodyMethods(""));
			factory.addContextCustomizers(WebServerConfiguration::installProblemErrorReportValve);
		};
	}

	private static void installProblemErrorReportValve(Context context) {
		Container host = context.getParent();
		Pipeline pipeline = host.getPipeline();
		for (Valve valve : pipeline.getValves()) {
			if (valve instanceof ErrorReportValve) {
				pipeline.removeValve(valve);
			}
		}
		pipeline.addValve(new ProblemErrorReportValve());
		if (host instanceof StandardHost standardHost) {
			// so that the host does not add its default ErrorReportValve when it starts
			standardHost.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
		}
	}

}
