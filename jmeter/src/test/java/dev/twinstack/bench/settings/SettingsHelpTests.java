package dev.twinstack.bench.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SettingsHelpTests {

	@Test
	void theReadmesSettingsTableIsGeneratedFromTheDeclarations() throws IOException {
		Path path = Path.of("README.md");
		String readme = Files.readString(path, StandardCharsets.UTF_8);
		if (Boolean.getBoolean("bench.updateReadme")) {
			readme = SettingsHelp.withTable(readme);
			Files.writeString(path, readme, StandardCharsets.UTF_8);
		}
		assertThat(SettingsHelp.currentTable(readme))
			.as("jmeter/README.md's settings table is stale or missing: regenerate it with %s", SettingsHelp.REGENERATE)
			.isEqualTo(SettingsHelp.markdown());
	}

	@Test
	void everyBenchPropertyTheMainCodeNamesIsDeclared() throws IOException {
		List<String> declared = SettingsTable.ALL.stream().map(Setting::name).toList();
		assertThat(declared).doesNotHaveDuplicates().allMatch((name) -> name.startsWith("bench."));
		Pattern quoted = Pattern.compile("\"(bench\\.[a-zA-Z]+)\"");
		try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
			for (Path source : sources.filter((path) -> path.toString().endsWith(".java")).toList()) {
				Matcher matcher = quoted.matcher(Files.readString(source));
				while (matcher.find()) {
					assertThat(declared).as("%s names %s", source, matcher.group(1)).contains(matcher.group(1));
				}
			}
		}
	}

	@Test
	void anAxisDefaultNamesTheBlocksItReshapes() {
		assertThat(SettingsTable.CONCURRENCY.defaultFor(BenchProfile.SMOKE)).isEqualTo("10");
		assertThat(SettingsTable.CONCURRENCY.defaultFor(BenchProfile.STANDARD)).isEqualTo("400");
		assertThat(SettingsTable.RATES.defaultFor(BenchProfile.STANDARD)).isEqualTo("– (no block uses it)");
		assertThat(SettingsTable.RATES.defaultFor(BenchProfile.FULL)).isEqualTo("C: 300,900");
		assertThat(SettingsTable.TRANSFERS.defaultFor(BenchProfile.FULL)).isEqualTo("A: zero-copy,copy");
		assertThat(SettingsTable.TRIALS.defaultFor(BenchProfile.STANDARD)).isEqualTo("3");
	}

	@Test
	void theErrorOfEverySettingIsItsAcceptedValues() {
		for (Setting<?> setting : List.of(SettingsTable.PROFILE, SettingsTable.STACKS, SettingsTable.CONCURRENCY,
				SettingsTable.TRIALS, SettingsTable.DURATION, SettingsTable.LATENCY, SettingsTable.MEMORY_REQUESTS,
				SettingsTable.CROSS_CHECK, SettingsTable.FAULT_SHARES, SettingsTable.FAULT_DATABASE_OUTAGE)) {
			assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> setting.parse("x?"))
				.withMessage(setting.name() + " must be " + setting.accepted() + ", got 'x?'");
		}
	}

	@Test
	void helpListsEverySettingItsDefaultsPerProfileAndTheBlocks() {
		String help = SettingsHelp.text();
		SettingsTable.ALL.forEach((setting) -> assertThat(help).contains("  " + setting.name() + " ("));
		assertThat(help).contains("bench.concurrency (axis, whole numbers)")
			.contains("standard: 400")
			.contains(
					"full | E | mvc,mvc-vt,webflux,coroutines,webflux-vt | composite | sequential | – | 64m | closed | "
							+ "2000 | –");
	}

	@Test
	void rewritingTheReadmeReplacesOnlyItsGeneratedSection() {
		String readme = "# jmeter\n\nbefore\n" + SettingsHelp.BEGIN + "\nold table\n" + SettingsHelp.END + "\nafter\n";
		assertThat(SettingsHelp.withTable(readme))
			.isEqualTo("# jmeter\n\nbefore\n" + SettingsHelp.markdown() + "after\n");
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> SettingsHelp.withTable("# no markers"))
			.withMessageContaining(SettingsHelp.BEGIN);
	}

}
