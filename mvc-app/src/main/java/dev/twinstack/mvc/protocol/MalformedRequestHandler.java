package dev.twinstack.mvc.protocol;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Rejects a request target that is not a valid URI (RFC 3986) with a 400 problem, before
 * Spring MVC parses it. Tomcat strips path parameters ({@code ;...}) before it decodes
 * the path, so it lets {@code /profiles/;%} through; Spring's path parser then fails on
 * the incomplete escape outside any handler, which would be a 500. The twin of
 * webflux-app's {@code MalformedRequestHandler}, which makes the same check (same detail)
 * and the ones Tomcat makes itself here.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class MalformedRequestHandler extends OncePerRequestFilter {

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String target = request.getRequestURI();
		try {
			new URI(target);
		}
		catch (URISyntaxException ex) {
			HttpStatus status = HttpStatus.BAD_REQUEST;
			response.setStatus(status.value());
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding("UTF-8");
			response.getWriter()
				.write(ServerProblems.json(status, "request target must be a valid URI (RFC 3986): " + ex.getMessage(),
						null));
			return;
		}
		chain.doFilter(request, response);
	}

}
