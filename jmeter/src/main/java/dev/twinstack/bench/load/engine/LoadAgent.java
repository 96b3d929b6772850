package dev.twinstack.bench.load.engine;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.twinstack.bench.load.ArrivalTimer;
import dev.twinstack.bench.load.ScenarioPlan;
import dev.twinstack.bench.process.BenchException;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.timers.JSR223Timer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.ListedHashTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * {@code agent [--bind <address>] [--port <port>] [--rmi-port <port>] [--keystore <file>]
 * [--insecure-rmi | --create-keystore]}: a JMeter 5.6.3 server node, what
 * {@code jmeter-server} starts ({@code RemoteJMeterEngineImpl.startServer}), from this
 * module's jars: JMeter and its Groovy (the open model's timer), no JMeter install. The
 * bench drives it with {@code -Dbench.engines} (jmeter-java-dsl's
 * {@code DistributedJmeterEngine}). Both RMI ports (the registry's and the engine's) bind
 * to one address, loopback unless told otherwise; RMI runs over mutual TLS with the
 * keystore the bench uses too ({@link RmiTransport}), plain RMI only with
 * {@code --insecure-rmi}. The agent runs until it is stopped (Ctrl-C, SIGTERM). Exit
 * codes: 0 keystore created, 1 could not start, 2 bad usage.
 */
@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Starts a JMeter 5.6.3 server node (what jmeter-server starts) from the project's jars, "
				+ "for -Dbench.engines=<address>:<port>. Runs until stopped." },
		exitCodeOnInvalidInput = 2, exitCodeOnExecutionException = 1)
public class LoadAgent implements Callable<Integer> {

	/** The line the agent prints once it accepts a test plan. */
	public static final String READY = "load agent ready";

	@Spec
	private CommandSpec spec;

	@Option(names = "--bind", paramLabel = "<address>", defaultValue = "127.0.0.1",
			description = "the address both RMI ports bind to and the bench connects to (java.rmi.server.hostname); "
					+ "default: ${DEFAULT-VALUE}, loopback only")
	private String bind;

	@Option(names = "--port", paramLabel = "<port>", defaultValue = "1099",
			description = "the RMI registry's port, the one -Dbench.engines names (default: ${DEFAULT-VALUE})")
	private int port;

	@Option(names = "--rmi-port", paramLabel = "<port>", defaultValue = "0",
			description = "the engine's own RMI port (server.rmi.localport); 0 = --port + 1 (default)")
	private int rmiPort;

	@Option(names = "--keystore", paramLabel = "<file>", defaultValue = RmiTransport.DEFAULT_KEYSTORE,
			description = "the keystore shared with the bench (server.rmi.ssl.keystore.file; default: "
					+ "${DEFAULT-VALUE})")
	private Path keystore;

	@Option(names = "--insecure-rmi", description = "plain RMI without TLS (server.rmi.ssl.disable=true): only on "
			+ "a trusted network, and the bench needs -Dbench.rmiKeystore=insecure")
	private boolean insecure;

	@Option(names = "--create-keystore",
			description = "creates the keystore (--keystore) with the JDK's keytool and exits; copy it to the bench "
					+ "and every agent")
	private boolean createKeystore;

	/**
	 * Starts the agent, or creates the keystore.
	 * @return 0 when the keystore was created; when the agent started it does not return
	 * before the JVM stops
	 */
	@Override
	public Integer call() throws Exception {
		PrintWriter out = this.spec.commandLine().getOut();
		PrintWriter err = this.spec.commandLine().getErr();
		try {
			if (this.createKeystore) {
				RmiTransport.createKeystore(this.keystore);
				out.println("created " + this.keystore.toAbsolutePath() + " (alias " + RmiTransport.ALIAS + ", valid "
						+ RmiTransport.VALIDITY_DAYS + " days): copy it to the bench and every load agent");
				out.flush();
				return 0;
			}
			InetAddress address = address(this.bind);
			int objectPort = (this.rmiPort == 0) ? this.port + 1 : this.rmiPort;
			RmiTransport transport = this.insecure ? RmiTransport.insecure() : new RmiTransport(this.keystore);
			transport.requireKeystore();
			if (!transport.secure()) {
				err.println("WARN " + RmiTransport.INSECURE_WARNING);
				err.flush();
			}
			start(address, this.port, objectPort, transport);
			out.println(READY + " on " + address.getHostAddress() + ":" + this.port + " (engine on port " + objectPort
					+ ", "
					+ (transport.secure() ? "RMI over TLS, keystore " + this.keystore.toAbsolutePath() : "plain RMI")
					+ ")");
			out.flush();
		}
		catch (BenchException | IllegalArgumentException ex) {
			err.println("agent: " + ex.getMessage());
			err.flush();
			return 1;
		}
		// RMI's threads keep the JVM running until it is stopped
		Thread.currentThread().join();
		return 0;
	}

	/**
	 * Starts the JMeter server node: JMeter's properties from jmeter-java-dsl's
	 * environment, the transport and ports, then {@code RemoteJMeterEngineImpl}.
	 * @param address the address both ports bind to
	 * @param registryPort the RMI registry's port
	 * @param objectPort the engine's RMI port
	 * @param transport TLS or plain RMI
	 * @throws IOException when JMeter's configuration cannot be written
	 * @throws BenchException when the server cannot start (e.g. a port in use)
	 */
	static void start(InetAddress address, int registryPort, int objectPort, RmiTransport transport)
			throws IOException {
		// before anything of RMI or JMeter's RmiUtils loads: both read these once
		RemoteCallbacks.bindTo(address, transport);
		JmeterEnvironment environment = new JmeterEnvironment();
		environment.initLocale();
		// where JMeter looks for its functions and the plans' elements
		environment.updateSearchPath(new ListedHashTree());
		String searchPaths = JMeterUtils.getPropDefault("search_paths", "");
		for (Class<?> type : new Class<?>[] { HTTPSamplerProxy.class, JSR223Timer.class }) {
			try {
				searchPaths += ";" + new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
			}
			catch (URISyntaxException ex) {
				throw new IllegalStateException("No jar for " + type.getName(), ex);
			}
		}
		JMeterUtils.setProperty("search_paths", searchPaths);
		agentProperties(objectPort, transport).forEach(JMeterUtils::setProperty);
		try {
			RemoteJMeterEngineImpl.startServer(registryPort);
		}
		catch (RemoteException ex) {
			throw new BenchException("JMeter's server did not start on " + address.getHostAddress() + ":" + registryPort
					+ " (engine port " + objectPort + "): " + ex.getMessage(), ex);
		}
	}

	/**
	 * Returns the JMeter properties of an agent: the transport's, the engine's RMI port,
	 * and what every bench plan expects ({@link ScenarioPlan#ENGINE_PROPERTIES}, and
	 * {@code sample_variables} naming the open model's {@link ArrivalTimer#VARIABLES},
	 * which each engine copies into its samples): jmeter-java-dsl's distributed engine
	 * sends remote engines no JMeter properties.
	 * @param objectPort the engine's RMI port
	 * @param transport TLS or plain RMI
	 * @return the properties
	 */
	static Map<String, String> agentProperties(int objectPort, RmiTransport transport) {
		Map<String, String> properties = new LinkedHashMap<>(transport.jmeterProperties());
		properties.put("server.rmi.localport", String.valueOf(objectPort));
		properties.putAll(ScenarioPlan.ENGINE_PROPERTIES);
		properties.put(SampleEvent.SAMPLE_VARIABLES, String.join(",", ArrivalTimer.VARIABLES));
		return properties;
	}

	private static InetAddress address(String bind) {
		try {
			return InetAddress.getByName(bind);
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException("--bind must be an address of this machine, got '" + bind + "'", ex);
		}
	}

	/**
	 * Runs the agent until the JVM is stopped.
	 * @param args see {@link LoadAgent}
	 */
	public static void main(String[] args) {
		int code = new CommandLine(new LoadAgent()).execute(args);
		System.exit(code);
	}

}
