package dev.twinstack.bench.load;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed {@code plans/composite.jmx} must be what {@link CompositePlan} exports
 * today. Regenerate it with
 * {@code ./mvnw -pl jmeter test -Dtest=JmxPlansTests -Dbench.updatePlans=true}.
 */
class JmxPlansTests {

	private static final Path COMMITTED = Path.of("plans", "composite.jmx");

	private static final Path GENERATED = Path.of("target", "plans", "composite.jmx");

	@Test
	void committedPlanIsUpToDate() throws Exception {
		CompositePlan.saveAsJmx(GENERATED);
		if (Boolean.getBoolean("bench.updatePlans")) {
			CompositePlan.saveAsJmx(COMMITTED);
		}
		assertThat(COMMITTED).as("committed plan").exists();
		assertThat(Files.readString(COMMITTED))
			.as("%s is stale: it differs from %s, which CompositePlan exports now. Regenerate it with "
					+ "./mvnw -pl jmeter test -Dtest=JmxPlansTests -Dbench.updatePlans=true",
					COMMITTED.toAbsolutePath(), GENERATED.toAbsolutePath())
			.isEqualTo(Files.readString(GENERATED));
	}

	@Test
	void committedPlanLoadsBackAndRoundTrips() throws Exception {
		DslTestPlan loaded = DslTestPlan.fromJmx(COMMITTED.toString());
		Path roundTrip = Path.of("target", "plans", "composite-roundtrip.jmx");
		loaded.saveAsJmx(roundTrip.toString());
		assertThat(Files.readString(roundTrip)).isEqualTo(Files.readString(COMMITTED));
	}

	@Test
	void planIsParameterisedByJmeterProperties() throws Exception {
		String jmx = Files.readString(COMMITTED);
		assertThat(jmx).contains("${__P(host,127.0.0.1)}", "${__P(port,8080)}", "${__P(threads,10)}",
				"${__P(rampUp,1)}", "__P(duration\\,60)", "?fanout=${__P(fanout,sequential)}",
				"${__P(runId,manual)}-${__counter(FALSE,)}",
				"<stringProp name=\"HTTPSampler.method\">POST</stringProp>",
				"<longProp name=\"HTTPSampler.connect_timeout\">5000</longProp>",
				"<longProp name=\"HTTPSampler.response_timeout\">30000</longProp>",
				"<stringProp name=\"49587\">201</stringProp>");
		assertThat(jmx).doesNotContain("Jsr223", "jsr223", "DslLambda");
	}

}
