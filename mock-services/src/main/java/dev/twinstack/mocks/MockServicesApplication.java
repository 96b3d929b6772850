package dev.twinstack.mocks;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Command line of the standalone mock services: starts the four services and MongoDB,
 * prints one "ready" line and runs until SIGTERM or SIGINT. Bad options end it with exit
 * code 2 and a one-line message.
 */
@Command(name = "mock-services", sortOptions = false,
		description = "Runs the customers, orders and recommendations services, the slow service of the slow-io "
				+ "scenario (WireMock, simulated latency) and a MongoDB (mongo-java-server, on disk or in memory) in "
				+ "one process.",
		footer = "%nLatency forms: " + Latency.ACCEPTED_FORMS + "%n")
public final class MockServicesApplication implements Callable<Integer> {

	private static final String LOGBACK_CONFIGURATION = "logback.configurationFile";

	@Spec
	private CommandSpec spec;

	@Option(names = "--bind", paramLabel = "ADDRESS", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
	private String bindAddress = MockServicesOptions.DEFAULT_BIND_ADDRESS;

	@Option(names = "--customers-port", paramLabel = "PORT", converter = PortConverter.class,
			description = "Port of the customers service, 0 = random (default: ${DEFAULT-VALUE}).")
	private int customersPort = Downstream.CUSTOMERS.defaultPort();

	@Option(names = "--orders-port", paramLabel = "PORT", converter = PortConverter.class,
			description = "Port of the orders service, 0 = random (default: ${DEFAULT-VALUE}).")
	private int ordersPort = Downstream.ORDERS.defaultPort();

	@Option(names = "--recommendations-port", paramLabel = "PORT", converter = PortConverter.class,
			description = "Port of the recommendations service, 0 = random (default: ${DEFAULT-VALUE}).")
	private int recommendationsPort = Downstream.RECOMMENDATIONS.defaultPort();

	@Option(names = "--slow-port", paramLabel = "PORT", converter = PortConverter.class,
			description = "Port of the slow service (slow-io scenario), 0 = random (default: ${DEFAULT-VALUE}).")
	private int slowPort = Downstream.SLOW.defaultPort();

	@Option(names = "--mongo-port", paramLabel = "PORT", converter = PortConverter.class,
			description = "Port of the embedded MongoDB, 0 = random (default: ${DEFAULT-VALUE}).")
	private int mongoPort = MockServicesOptions.DEFAULT_MONGO_PORT;

	@Option(names = "--latency", paramLabel = "LATENCY", converter = LatencyConverter.class,
			description = "Latency of the customers, orders and recommendations services, e.g. 100ms, "
					+ "lognormal:100ms:0.1, uniform:50ms:150ms (default: fixed:100ms); not of the slow service.")
	private Latency latency = Latency.DEFAULT;

	@Option(names = "--customers-latency", paramLabel = "LATENCY", converter = LatencyConverter.class,
			description = "Latency of the customers service (default: --latency).")
	private Latency customersLatency;

	@Option(names = "--orders-latency", paramLabel = "LATENCY", converter = LatencyConverter.class,
			description = "Latency of the orders service (default: --latency).")
	private Latency ordersLatency;

	@Option(names = "--recommendations-latency", paramLabel = "LATENCY", converter = LatencyConverter.class,
			description = "Latency of the recommendations service (default: --latency).")
	private Latency recommendationsLatency;

	@Option(names = "--slow-latency", paramLabel = "LATENCY", converter = LatencyConverter.class,
			description = "Latency of the slow service (default: fixed:1000ms); --latency does not change it.")
	private Latency slowLatency = MockServicesOptions.DEFAULT_SLOW_LATENCY;

	@Option(names = "--async-threads", paramLabel = "N", converter = CountConverter.class,
			description = "Threads per service sending delayed responses (default: ${DEFAULT-VALUE}).")
	private int asyncThreads = MockServicesOptions.DEFAULT_ASYNC_THREADS;

	@Option(names = "--container-threads", paramLabel = "N", converter = CountConverter.class,
			description = "Jetty threads per service, at least " + MockServicesOptions.MIN_CONTAINER_THREADS
					+ " (default: ${DEFAULT-VALUE}).")
	private int containerThreads = MockServicesOptions.DEFAULT_CONTAINER_THREADS;

	@Option(names = "--mongo-storage", paramLabel = "STORAGE", converter = MongoStorageConverter.class,
			description = "Where MongoDB keeps its documents: memory (fast, about 16 KB of heap per profile), disk (an "
					+ "H2 MVStore temporary file, deleted at exit: holds long runs), disk:<file> (kept and reopened) or "
					+ "none (no MongoDB: the apps store into their own) (default: disk).")
	private MongoStorage mongoStorage = MongoStorage.DISK;

	@Option(names = "--heap-warning", paramLabel = "PERCENT", converter = CountConverter.class,
			description = "Heap used after GC, in percent of -Xmx, from which a WARN line says how many documents "
					+ "MongoDB holds and what to do (default: ${DEFAULT-VALUE}).")
	private int heapWarningPercent = MockServicesOptions.DEFAULT_HEAP_WARNING_PERCENT;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this help and exit.")
	private boolean help;

	private final CountDownLatch stopped = new CountDownLatch(1);

	private volatile MockServices running;

	/**
	 * Runs the mock services until the process is stopped.
	 * @param args the command line; {@code --help} lists the options
	 */
	public static void main(String[] args) {
		if (System.getProperty(LOGBACK_CONFIGURATION) == null) {
			System.setProperty(LOGBACK_CONFIGURATION, "mock-services-logback.xml");
		}
		int exitCode = commandLine(new MockServicesApplication()).execute(args);
		System.exit(exitCode);
	}

	static CommandLine commandLine(MockServicesApplication application) {
		return new CommandLine(application).setParameterExceptionHandler(MockServicesApplication::badOptions);
	}

	/** Prints a one-line message naming the bad option and the accepted values. */
	private static int badOptions(ParameterException ex, String[] args) {
		CommandLine commandLine = ex.getCommandLine();
		String message = ex.getMessage();
		if (ex instanceof UnmatchedArgumentException) {
			message += "; accepted options: " + commandLine.getCommandSpec()
				.options()
				.stream()
				.map(OptionSpec::longestName)
				.collect(Collectors.joining(", "));
		}
		PrintWriter err = commandLine.getErr();
		err.println("mock-services: " + message.replace(System.lineSeparator(), " ").replace('\n', ' '));
		err.flush();
		return CommandLine.ExitCode.USAGE;
	}

	/**
	 * Builds the options from the command line.
	 * @return the options
	 * @throws ParameterException when they do not fit together
	 */
	MockServicesOptions options() {
		try {
			return new MockServicesOptions(this.bindAddress, this.customersPort, this.ordersPort,
					this.recommendationsPort, this.slowPort, this.mongoPort, orDefault(this.customersLatency),
					orDefault(this.ordersLatency), orDefault(this.recommendationsLatency), this.slowLatency,
					this.asyncThreads, this.containerThreads, this.mongoStorage, this.heapWarningPercent);
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(), ex.getMessage(), ex);
		}
	}

	private Latency orDefault(Latency serviceLatency) {
		return (serviceLatency != null) ? serviceLatency : this.latency;
	}

	@Override
	public Integer call() throws InterruptedException {
		MockServicesOptions options = options();
		try {
			this.running = MockServices.start(options);
		}
		catch (IllegalStateException ex) {
			this.spec.commandLine().getErr().println("mock-services: " + ex.getMessage());
			this.spec.commandLine().getErr().flush();
			return 1;
		}
		Thread shutdownHook = new Thread(this::stop, "mock-services-shutdown");
		Runtime.getRuntime().addShutdownHook(shutdownHook);
		PrintWriter out = this.spec.commandLine().getOut();
		out.println(readyLine(this.running));
		out.flush();
		this.stopped.await();
		try {
			Runtime.getRuntime().removeShutdownHook(shutdownHook);
		}
		catch (IllegalStateException ex) {
			// The JVM is shutting down: the hook has done its work.
		}
		return 0;
	}

	static String readyLine(MockServices services) {
		return "mock-services ready: customers=" + services.baseUrl(Downstream.CUSTOMERS) + " orders="
				+ services.baseUrl(Downstream.ORDERS) + " recommendations="
				+ services.baseUrl(Downstream.RECOMMENDATIONS) + " slow=" + services.baseUrl(Downstream.SLOW)
				+ " mongodb=" + (services.isMongoRunning() ? services.mongoAddress() : "none");
	}

	/**
	 * Stops the services started by {@link #call()} and lets it return (also run by the
	 * shutdown hook on SIGTERM or SIGINT).
	 */
	void stop() {
		MockServices services = this.running;
		if (services != null) {
			services.close();
		}
		this.stopped.countDown();
	}

	/** Reads a port: 0 to 65535. */
	static final class PortConverter implements CommandLine.ITypeConverter<Integer> {

		@Override
		public Integer convert(String value) {
			try {
				int port = Integer.parseInt(value.trim());
				MockServicesOptions.requirePort("port", port);
				return port;
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.TypeConversionException(
						"port must be " + MockServicesOptions.ACCEPTED_PORTS + ", got '" + value + "'");
			}
		}

	}

	/** Reads a thread count; its range is checked by {@link MockServicesOptions}. */
	static final class CountConverter implements CommandLine.ITypeConverter<Integer> {

		@Override
		public Integer convert(String value) {
			try {
				return Integer.parseInt(value.trim());
			}
			catch (NumberFormatException ex) {
				throw new CommandLine.TypeConversionException("must be a whole number, got '" + value + "'");
			}
		}

	}

	/** Reads a MongoDB storage in one of the {@link MongoStorage#ACCEPTED_FORMS}. */
	static final class MongoStorageConverter implements CommandLine.ITypeConverter<MongoStorage> {

		@Override
		public MongoStorage convert(String value) {
			try {
				return MongoStorage.parse(value);
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.TypeConversionException(ex.getMessage());
			}
		}

	}

	/** Reads a latency in one of the {@link Latency#ACCEPTED_FORMS}. */
	static final class LatencyConverter implements CommandLine.ITypeConverter<Latency> {

		@Override
		public Latency convert(String value) {
			try {
				return Latency.parse(value);
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.TypeConversionException(ex.getMessage());
			}
		}

	}

}
