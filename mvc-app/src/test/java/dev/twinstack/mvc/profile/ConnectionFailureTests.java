package dev.twinstack.mvc.profile;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionFailureTests {

	@Test
	void namesTheSameFailureAlikeWhateverTheClientsWording() {
		assertThat(ConnectionFailure.of(new SocketException("Connection reset"))).isEqualTo(ConnectionFailure.RESET);
		assertThat(ConnectionFailure.of(new IOException("wrapped",
				new IOException("recvAddress(..) failed with error(-104): Connection reset by peer"))))
			.isEqualTo(ConnectionFailure.RESET);
		assertThat(
				ConnectionFailure.of(new ConnectException("Connect to http://127.0.0.1:1 failed: Connection refused")))
			.isEqualTo(ConnectionFailure.REFUSED);
		assertThat(ConnectionFailure
			.of(new IOException("finishConnect(..) failed with error(-111): Connection refused: /127.0.0.1:9082")))
			.isEqualTo(ConnectionFailure.REFUSED);
		assertThat(ConnectionFailure.of(new IOException("Connection prematurely closed BEFORE response")))
			.isEqualTo(ConnectionFailure.CLOSED);
		assertThat(ConnectionFailure.of(new IOException("127.0.0.1:9082 failed to respond")))
			.isEqualTo(ConnectionFailure.CLOSED);
		assertThat(ConnectionFailure
			.of(new IOException("Error while extracting response", new IOException("Bad chunk header: \u0012\u00ff"))))
			.isEqualTo(ConnectionFailure.CLOSED);
		assertThat(ConnectionFailure.of(new IOException("200 OK from GET http://127.0.0.1:9082/customers/42/orders, "
				+ "but response failed with cause: Connection prematurely closed DURING response")))
			.isEqualTo(ConnectionFailure.CLOSED);
		assertThat(ConnectionFailure.of(new UnknownHostException("nowhere.invalid")))
			.isEqualTo(ConnectionFailure.UNKNOWN_HOST);
		assertThat(ConnectionFailure.of(new IOException("something else"))).isEqualTo(ConnectionFailure.OTHER);
		assertThat(ConnectionFailure.RESET.description()).isEqualTo("Connection reset");
	}

}
