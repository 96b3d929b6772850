package dev.twinstack.bench.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.matrix.Cell;
import dev.twinstack.bench.matrix.Scenario;
import dev.twinstack.bench.settings.faults.FaultSettings;
import dev.twinstack.bench.settings.remote.LoadEngines;
import dev.twinstack.bench.settings.remote.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each default is stated once, on its declaration in {@link SettingsTable}: the settings
 * the bench runs with, unset, are the declared defaults, and {@link BenchSettings} holds
 * none of them again.
 */
class SettingsDefaultsTests {

	private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

	@TempDir
	Path dir;

	@Test
	void unsetSettingsTakeTheirDeclaredDefaultUnderEveryProfile() {
		for (BenchProfile profile : BenchProfile.ALL) {
			BenchSettings settings = settings(Map.of("bench.profile", profile.id()));
			Timing timing = settings.timing();
			assertThat(timing.duration()).isEqualTo(SettingsTable.DURATION.defaultValue(profile));
			assertThat(timing.warmup()).isEqualTo(SettingsTable.WARMUP.defaultValue(profile));
			assertThat(timing.baseline()).isEqualTo(SettingsTable.BASELINE.defaultValue(profile));
			assertThat(timing.trials()).isEqualTo(SettingsTable.TRIALS.defaultValue(profile));
			assertThat(timing.requests()).isEqualTo(SettingsTable.REQUESTS.defaultValue(profile));
			assertThat(timing.memoryRequests()).isEqualTo(SettingsTable.MEMORY_REQUESTS.defaultValue(profile));
			assertThat(timing.jvmPerWorkload()).isEqualTo(SettingsTable.FORK.defaultValue(profile) == Fork.WORKLOAD);
			assertThat(settings.crossCheck()).isEqualTo(SettingsTable.CROSS_CHECK.defaultValue(profile));
			assertThat(settings.downstream()).isEqualTo(new Downstream(SettingsTable.LATENCY.defaultValue(profile),
					SettingsTable.SLOW_LATENCY.defaultValue(profile)));
			Jvms jvms = settings.jvms();
			assertThat(jvms.jars())
				.isEqualTo(new BenchSettings.Jars(SettingsTable.MOCK_SERVICES_JAR.defaultValue(profile),
						SettingsTable.MVC_JAR.defaultValue(profile), SettingsTable.WEBFLUX_JAR.defaultValue(profile)));
			assertThat(jvms.appJvmArgs()).isEqualTo(SettingsTable.APP_JVM_ARGS.defaultValue(profile));
			assertThat(jvms.mocksJvmArgs()).isEqualTo(SettingsTable.MOCKS_JVM_ARGS.defaultValue(profile));
			assertThat(jvms.tomcatThreads()).isEqualTo(SettingsTable.TOMCAT_THREADS.defaultValue(profile));
			assertThat(settings.outputDir()).isEqualTo(SettingsTable.OUTPUT_DIR.defaultValue(profile));
			assertThat(settings.engines()).isEqualTo(LoadEngines.LOCAL);
			assertThat(settings.project()).isNull();
			assertThat(settings.targets()).isEqualTo(Targets.LOCAL);
			List<AppCpus> placement = SettingsTable.APP_CPUS.defaultValue(profile);
			if (placement != null) {
				assertThat(settings.cells()).extracting(Cell::appCpus).containsOnlyElementsOf(placement);
			}
		}
	}

	@Test
	void theFaultsAndEnginesSettingsTakeTheirDeclaredDefaults() {
		BenchProfile profile = BenchProfile.SMOKE;
		FaultSettings faults = settings(Map.of("bench.scenarios", Scenario.FAULTS.id())).faults();
		assertThat(faults.services()).isEqualTo(SettingsTable.FAULT_SERVICES.defaultValue(profile));
		assertThat(faults.faults()).isEqualTo(SettingsTable.FAULT_KINDS.defaultValue(profile));
		assertThat(faults.shares()).isEqualTo(SettingsTable.FAULT_SHARES.defaultValue(profile));
		assertThat(faults.concurrency()).isEqualTo(SettingsTable.FAULT_CONCURRENCY.defaultValue(profile));
		assertThat(faults.duration()).isEqualTo(SettingsTable.FAULT_DURATION.defaultValue(profile));
		assertThat(faults.databaseOutage()).isEqualTo(SettingsTable.FAULT_DATABASE_OUTAGE.defaultValue(profile));
		LoadEngines engines = settings(Map.of("bench.engines", "127.0.0.2:1099", "bench.concurrency", "10")).engines();
		assertThat(engines.keystore()).isEqualTo(SettingsTable.RMI_KEYSTORE.defaultValue(profile).orElseThrow());
	}

	@Test
	void benchSettingsStatesNoDefaultAgain() throws IOException {
		String source = Files.readString(Path.of("src/main/java/dev/twinstack/bench/settings/BenchSettings.java"));
		Set<String> literals = new HashSet<>();
		Matcher literal = STRING_LITERAL.matcher(source);
		while (literal.find()) {
			literals.add(literal.group(1).trim());
		}
		Set<String> defaults = new HashSet<>();
		for (Setting<?> setting : SettingsTable.ALL) {
			for (BenchProfile profile : BenchProfile.ALL) {
				defaults.add(setting.defaultFor(profile));
				defaults.addAll(List.of(setting.defaultFor(profile).split("[ ,]")));
			}
		}
		defaults.removeIf((word) -> word.length() < 2 || !word.matches(".*[\\d/.-].*"));
		assertThat(literals).as("defaults stated in BenchSettings.java instead of SettingsTable")
			.doesNotContainAnyElementsOf(defaults);
	}

	@Test
	void wordSettingsNameTheSettingAndTheAcceptedWords() {
		assertRejected("bench.fork", "jvm", "bench.fork must be one of [workload, app], got 'jvm'");
		assertRejected("bench.crosscheck", "ab", "bench.crosscheck must be one of [wrk, none], got 'ab'");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> settings(Map.of("bench.scenarios", "faults", "bench.faultDatabaseOutage", "yes")))
			.withMessage("bench.faultDatabaseOutage must be true or false, got 'yes'");
		assertThat(settings(Map.of("bench.fork", "app")).timing().jvmPerWorkload()).isFalse();
		assertThat(settings(Map.of("bench.crosscheck", "none")).crossCheck()).isEqualTo(CrossChecker.NONE);
		assertThat(settings(Map.of("bench.scenarios", "faults", "bench.faultDatabaseOutage", "false")).faults()
			.databaseOutage()).isFalse();
		assertThat(settings(
				Map.of("bench.engines", "127.0.0.2:1099", "bench.concurrency", "10", "bench.rmiKeystore", "insecure"))
			.engines()
			.keystore()).isNull();
	}

	@Test
	void theStandardPlacementIsShownAsTheRuleWorksItOut() {
		assertThat(SettingsTable.APP_CPUS.defaultFor(BenchProfile.STANDARD))
			.isEqualTo("by the machine's cores: all of 1 core, 1 of 2 cores, 2 of 4 cores");
		assertThat(SettingsTable.defaultPlacement(BenchProfile.STANDARD, 8)).extracting(Object::toString)
			.containsExactly("4");
		assertThat(SettingsTable.APP_CPUS.defaultFor(BenchProfile.SMOKE)).isEqualTo("all");
		assertThat(SettingsTable.defaultPlacement(BenchProfile.SMOKE, 8)).isNull();
	}

	private BenchSettings settings(Map<String, String> properties) {
		return BenchSettings.from(properties, FakeJdks.jdk25(this.dir));
	}

	private void assertRejected(String property, String value, String message) {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> settings(Map.of(property, value)))
			.withMessage(message);
	}

}
