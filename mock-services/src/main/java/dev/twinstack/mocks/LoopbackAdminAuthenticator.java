package dev.twinstack.mocks;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.security.Authenticator;

/**
 * Lets only clients on this machine use a service's WireMock admin API
 * ({@code /__admin/...}: stubs, faults, the MongoDB switch): a request is accepted when
 * it comes from a loopback address ({@code 127.0.0.0/8}, {@code ::1}) and carries no
 * {@code X-Forwarded-For} header (WireMock reports that header as the client address, so
 * it cannot be trusted). Others get 401, even when mock-services listens on every
 * interface ({@code --bind 0.0.0.0}).
 */
final class LoopbackAdminAuthenticator implements Authenticator {

	/**
	 * A dotted IPv4 address or an IPv6 one (with a colon): never a host name to look up.
	 */
	private static final Pattern IP_LITERAL = Pattern
		.compile("\\d{1,3}(\\.\\d{1,3}){3}|\\[?[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*]?");

	@Override
	public boolean authenticate(Request request) {
		if (request.getHeader("X-Forwarded-For") != null) {
			return false;
		}
		return isLoopback(request.getClientIp());
	}

	/**
	 * Tells whether an address literal is a loopback address; host names are never
	 * resolved.
	 * @param address e.g. {@code 127.0.0.1}, {@code 0:0:0:0:0:0:0:1}
	 * @return {@code true} for a loopback address
	 */
	static boolean isLoopback(String address) {
		if (address == null || !IP_LITERAL.matcher(address).matches()) {
			return false;
		}
		try {
			return InetAddress.getByName(address.replace("[", "").replace("]", "")).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

}
