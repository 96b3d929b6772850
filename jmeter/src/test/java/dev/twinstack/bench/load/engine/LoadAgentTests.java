package dev.twinstack.bench.load.engine;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

import dev.twinstack.bench.process.BenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The load agent's keystore, properties and command line; the agent itself runs in
 * {@code DistributedIT}.
 */
class LoadAgentTests {

	@TempDir
	Path dir;

	@Test
	void createsTheKeystoreJMeterReadsWithItsDefaultAliasAndPasswordOnce() throws Exception {
		Path file = this.dir.resolve("rmi_keystore.jks");
		StringWriter out = new StringWriter();
		int code = new CommandLine(new LoadAgent()).setOut(new PrintWriter(out))
			.execute("--create-keystore", "--keystore", file.toString());
		assertThat(code).isZero();
		assertThat(out.toString()).contains("created " + file.toAbsolutePath());
		// JMeter's default keystore type, as a stock jmeter-server reads it
		KeyStore store = KeyStore.getInstance("JKS");
		try (InputStream in = Files.newInputStream(file)) {
			store.load(in, RmiTransport.PASSWORD.toCharArray());
		}
		assertThat(store.isKeyEntry(RmiTransport.ALIAS)).isTrue();
		assertThatExceptionOfType(BenchException.class).isThrownBy(() -> RmiTransport.createKeystore(file))
			.withMessageContaining("exists already");
	}

	@Test
	void refusesToStartWithoutTheKeystoreSayingHowToCreateIt() {
		StringWriter err = new StringWriter();
		int code = new CommandLine(new LoadAgent()).setErr(new PrintWriter(err))
			.execute("--keystore", this.dir.resolve("missing.jks").toString());
		assertThat(code).isEqualTo(1);
		assertThat(err.toString()).startsWith("agent: No RMI keystore at " + this.dir.resolve("missing.jks"))
			.contains("-Dagent.args=--create-keystore");
	}

	@Test
	void rejectsAnUnknownOptionAsBadUsage() {
		StringWriter err = new StringWriter();
		int code = new CommandLine(new LoadAgent()).setErr(new PrintWriter(err)).execute("--insecure");
		assertThat(code).isEqualTo(2);
		assertThat(err.toString()).contains("Unknown option: '--insecure'");
	}

	@Test
	void agentsUseTheKeystoreForKeyAndTrustAndKeepConnectionsAcrossIterations() {
		Path keystore = this.dir.resolve("k.jks");
		assertThat(LoadAgent.agentProperties(50000, new RmiTransport(keystore)))
			.containsEntry("server.rmi.ssl.disable", "false")
			.containsEntry("server.rmi.ssl.keystore.file", keystore.toAbsolutePath().toString())
			.containsEntry("server.rmi.ssl.truststore.file", keystore.toAbsolutePath().toString())
			.containsEntry("server.rmi.ssl.keystore.alias", "rmi")
			.containsEntry("server.rmi.localport", "50000")
			.containsEntry("httpclient.reset_state_on_thread_group_iteration", "false")
			.as("the open model's columns, which the bench cannot send the engines")
			.containsEntry("sample_variables", "arrival,scheduledMs");
		assertThat(LoadAgent.agentProperties(50000, RmiTransport.insecure()))
			.containsEntry("server.rmi.ssl.disable", "true")
			.doesNotContainKey("server.rmi.ssl.keystore.file");
	}

}
