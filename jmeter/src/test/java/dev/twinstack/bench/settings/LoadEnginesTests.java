package dev.twinstack.bench.settings;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

import dev.twinstack.bench.settings.jdk.JdkSelector;
import dev.twinstack.bench.settings.remote.LoadEngines;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code bench.engines} and {@code bench.rmiKeystore}: the load engines of the trials.
 */
class LoadEnginesTests {

	@TempDir
	Path dir;

	private Function<String, JdkSelector> jdk;

	@BeforeEach
	void fakeJdk() {
		this.jdk = FakeJdks.jdk25(this.dir);
	}

	@Test
	void withoutEnginesJMeterRunsInTheBenchsJvm() {
		assertThat(settings(Map.of()).engines()).isEqualTo(LoadEngines.LOCAL);
		assertThat(settings(Map.of("bench.engines", "none")).engines().remote()).isFalse();
		assertThat(LoadEngines.LOCAL.count()).isEqualTo(1);
	}

	@Test
	void readsTheEnginesInOrderWithTheKeystoreOrPlainRmi() {
		LoadEngines engines = settings(
				Map.of("bench.engines", "127.0.0.3:1099, 127.0.0.2:2000", "bench.rmiKeystore", "keys/agents.jks"))
			.engines();
		assertThat(engines.addresses()).containsExactly("127.0.0.3:1099", "127.0.0.2:2000");
		assertThat(engines.count()).isEqualTo(2);
		assertThat(engines.keystore()).isEqualTo(Path.of("keys/agents.jks").toAbsolutePath());
		assertThat(settings(Map.of("bench.engines", "load-1.example:1099")).engines().keystore())
			.isEqualTo(Path.of("rmi_keystore.jks").toAbsolutePath());
		assertThat(settings(Map.of("bench.engines", "127.0.0.2:1099", "bench.rmiKeystore", "insecure")).engines()
			.keystore()).isNull();
	}

	@Test
	void theCallbackPortIsRandomUnlessFixedAndMustLeaveRoomForThreePorts() {
		Map<String, String> engines = Map.of("bench.engines", "127.0.0.2:1099");
		assertThat(settings(engines).engines().callbackPort()).isZero();
		for (String port : new String[] { "0", "1024", "50000", "65533" }) {
			assertThat(settings(with(engines, "bench.rmiLocalPort", port)).engines().callbackPort())
				.isEqualTo(Integer.parseInt(port));
		}
		for (String port : new String[] { "80", "1023", "65534", "65535", "-1", "abc" }) {
			assertThatExceptionOfType(BenchConfigException.class)
				.isThrownBy(() -> settings(with(engines, "bench.rmiLocalPort", port)))
				.withMessage("bench.rmiLocalPort must be " + LoadEngines.CALLBACK_PORT_FORM + ", got '" + port + "'");
		}
	}

	private static Map<String, String> with(Map<String, String> properties, String name, String value) {
		Map<String, String> all = new java.util.HashMap<>(properties);
		all.put(name, value);
		return all;
	}

	@Test
	void rejectsAMalformedEntryNamingItAndTheAcceptedForm() {
		assertRejected("127.0.0.2:1099,127.0.0.3",
				"bench.engines: '127.0.0.3' is not host:port with a port from 1 to 65535; bench.engines must be "
						+ LoadEngines.FORM + ", got '127.0.0.2:1099,127.0.0.3'");
		assertRejected("127.0.0.2:70000", "bench.engines: '127.0.0.2:70000' is not host:port with a port from 1 to "
				+ "65535; bench.engines must be " + LoadEngines.FORM + ", got '127.0.0.2:70000'");
		assertRejected("127.0.0.2:1099,,127.0.0.3:1099", "bench.engines: '' is not host:port with a port from 1 to "
				+ "65535; bench.engines must be " + LoadEngines.FORM + ", got '127.0.0.2:1099,,127.0.0.3:1099'");
		assertRejected("127.0.0.2:1099,127.0.0.2:1099", "bench.engines: '127.0.0.2:1099' is named twice; "
				+ "bench.engines must be " + LoadEngines.FORM + ", got '127.0.0.2:1099,127.0.0.2:1099'");
	}

	@Test
	void refusesConcurrencyThatDoesNotDivideAmongTheEngines() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(
					Map.of("bench.engines", "127.0.0.2:1099,127.0.0.3:1099,127.0.0.4:1099", "bench.concurrency", "2")))
			.withMessage("bench.engines: concurrency 2 cannot be divided evenly among 3 engines (each runs the whole "
					+ "plan with its share of the threads): use multiples of 3 in bench.concurrency, or fewer engines "
					+ "than clients");
		assertThat(settings(Map.of("bench.engines", "127.0.0.2:1099,127.0.0.3:1099", "bench.concurrency", "10,40"))
			.engines()
			.count()).isEqualTo(2);
	}

	@Test
	void openModelRatesNeedNoDivision() {
		assertThat(settings(Map.of("bench.engines", "127.0.0.2:1099,127.0.0.3:1099,127.0.0.4:1099", "bench.loads",
				"open", "bench.rates", "100"))
			.engines()
			.count()).isEqualTo(3);
	}

	private BenchSettings settings(Map<String, String> properties) {
		return BenchSettings.from(properties, this.jdk);
	}

	private void assertRejected(String value, String message) {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(Map.of("bench.engines", value)))
			.withMessage(message);
	}

}
