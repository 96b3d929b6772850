package dev.twinstack.mvc.profile;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The one error mapping of every downstream call serves any service, the slow-io
 * scenario's included, in the contract's words.
 */
class ServiceClientTests {

	@Test
	void namesAnyServiceInTheContractsWordsWhenItIsUnreachable() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		ServiceClient client = new ServiceClient("slow", URI.create("http://127.0.0.1:" + closedPort),
				RestClient.builder(), new HttpComponentsClientHttpRequestFactory(), Duration.ofSeconds(1));
		assertThatExceptionOfType(DownstreamException.class)
			.isThrownBy(() -> client.get("/slow/{id}", String.class, 42))
			.withMessage("slow service could not be reached: Connection refused")
			.satisfies((ex) -> assertThat(ex.getService()).isEqualTo("slow"));
	}

}
