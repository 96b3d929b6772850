package dev.twinstack.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.twinstack.bench.process.BenchException;
import org.apache.jmeter.report.config.ConfigurationException;
import org.apache.jmeter.report.dashboard.GenerationException;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's HTML dashboard of a run, rendered from the run's JTL once the load has ended
 * (what {@code jmeter -g samples.jtl -o dashboard} does), instead of by a listener that
 * writes a second JTL, flushed after every sample, while the load runs: the load
 * generator's CPU goes to the load. Needs JMeter's properties, which the embedded engine
 * has loaded by then.
 */
public final class Dashboard {

	/** The over-time graphs' granularity (ms): one point a second, JMeter's finest. */
	static final String GRANULARITY_MS = "1000";

	private Dashboard() {
	}

	/**
	 * Renders the dashboard.
	 * @param jtl the run's JTL (CSV with a header line)
	 * @param dir the dashboard's folder, created (its files are replaced)
	 * @throws BenchException when JMeter cannot read the JTL or write the dashboard
	 */
	public static synchronized void render(Path jtl, Path dir) {
		try {
			Files.createDirectories(dir);
			JMeterUtils.setProperty("jmeter.reportgenerator.outputdir", dir.toAbsolutePath().toString());
			JMeterUtils.setProperty("jmeter.reportgenerator.overall_granularity", GRANULARITY_MS);
			new ReportGenerator(jtl.toAbsolutePath().toString(), null).generate();
		}
		catch (IOException | GenerationException | ConfigurationException | RuntimeException ex) {
			throw new BenchException(
					"Could not render JMeter's dashboard of " + jtl + " into " + dir + ": " + ex.getMessage(), ex);
		}
	}

}
