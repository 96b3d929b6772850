package dev.twinstack.bench.settings;

import java.time.Duration;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.twinstack.mocks.Latency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@code bench.latency} and mock-services' {@code --latency} are one grammar: the bench
 * parses with mock-services' {@link Latency} and nothing else of that module.
 */
class LatencyGrammarTests {

	private static final List<String> ACCEPTED = List.of("100ms", "0ms", "1s", "fixed:250ms", "FIXED:1S", " 100ms ",
			"lognormal:100ms:0.2", "lognormal:1s:0", "lognormal:100ms:10", "uniform:50ms:150ms", "uniform:0ms:0ms");

	private static final List<String> REFUSED = List.of("100", "fast", "1.5s", "100 ms", "-5ms", "fixed", "fixed:",
			"fixed:abc", "lognormal:100ms", "lognormal:100ms:-1", "lognormal:100ms:11", "lognormal:100ms:1e-1",
			"lognormal:100ms:0.1d", "uniform:50ms", "uniform:150ms:50ms", "uniform:1s:2s:3s", "sine:100ms",
			"10000000000ms");

	@Test
	void benchAcceptsWhatMockServicesAccepts() {
		for (String text : ACCEPTED) {
			Latency latency = Latency.parse(text);
			assertThat(SettingsTable.LATENCY.parse(text)).as(text).isEqualTo(text);
			assertThat(new Downstream(text, "1s").nominalLatency()).as(text).isEqualTo(latency.median());
		}
	}

	@Test
	void benchRefusesWhatMockServicesRefusesWithTheSameMessage() {
		for (String text : REFUSED) {
			Throwable mocks = catchThrowable(() -> Latency.parse(text, "bench.latency"));
			assertThat(mocks).as(text).isInstanceOf(IllegalArgumentException.class);
			assertThatExceptionOfType(BenchConfigException.class).as(text)
				.isThrownBy(() -> SettingsTable.LATENCY.parse(text))
				.withMessage(mocks.getMessage())
				.withMessageStartingWith(
						"bench.latency must be one of " + Latency.ACCEPTED_FORMS + ", got '" + text + "'");
		}
	}

	@Test
	void listsMockServicesAcceptedForms() {
		assertThat(SettingsTable.LATENCY.accepted()).isEqualTo("one of " + Latency.ACCEPTED_FORMS);
		assertThat(Latency.ACCEPTED_FORMS).contains("fixed:<duration>", "lognormal:<median>:<sigma>",
				"uniform:<min>:<max>");
	}

	@Test
	void aFixedLatencyIsKnownOnlyWhenItIsFixed() {
		assertThat(new Downstream("fixed:250ms", "1s").fixedLatency()).contains(Duration.ofMillis(250));
		assertThat(new Downstream("2s", "1s").fixedLatency()).contains(Duration.ofSeconds(2));
		assertThat(new Downstream("lognormal:100ms:0.2", "1s").fixedLatency()).isEmpty();
		assertThat(new Downstream("uniform:50ms:150ms", "1s").fixedLatency()).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "1s", "500ms", "fixed:2s", "0ms" })
	void slowLatencyIsAFixedLatencyOfTheSameGrammar(String text) {
		assertThat(SettingsTable.SLOW_LATENCY.parse(text)).isEqualTo(text);
		assertThat(new Downstream("100ms", text).slowLatencyDuration()).isEqualTo(Latency.parse(text).median());
	}

	@ParameterizedTest
	@ValueSource(strings = { "lognormal:1s:0.1", "uniform:1s:2s", "1.5s", "slow" })
	void slowLatencyRefusesRandomAndMalformedLatencies(String text) {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> SettingsTable.SLOW_LATENCY.parse(text))
			.withMessage("bench.slowLatency must be " + SettingsTable.SLOW_LATENCY.accepted() + ", got '" + text + "'");
		assertThatIllegalArgumentException().isThrownBy(() -> new Downstream("100ms", text));
	}

	@Test
	void theBenchUsesLatencyAloneOfMockServicesAndLatencyUsesTheJdkAlone() {
		JavaClasses bench = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("dev.twinstack.bench");
		noClasses().should()
			.dependOnClassesThat(resideInAPackage("dev.twinstack.mocks..").and(not(belongToAnyOf(Latency.class))))
			.because("the bench has mock-services' jar without its dependencies, for the latency grammar only")
			.check(bench);
		JavaClasses latency = new ClassFileImporter().importClasses(Latency.class, Latency.Fixed.class,
				Latency.LogNormal.class, Latency.Uniform.class);
		classes().should()
			.onlyDependOnClassesThat(resideInAPackage("java..").or(belongToAnyOf(Latency.class)))
			.because("mock-services' dependencies are excluded from the bench's classpath")
			.check(latency);
	}

}
