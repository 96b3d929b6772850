package dev.twinstack.bench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command end to end on the checked-in fixtures. After an intended change of the
 * report, regenerate the expected file with {@code -Dcompare.updateExpected=true}.
 */
class CompareCommandTests {

	private static final Path FIXTURES = Path.of("src/test/resources/dev/twinstack/bench/compare");

	private static final Path EXPECTED = FIXTURES.resolve("expected-report.md");

	@TempDir
	Path out;

	private final CommandRun compare = new CommandRun(CompareCommand::new);

	private int run(String... args) {
		return this.compare.run(args);
	}

	@Test
	void writesTheReportThePageAndTheJson() throws IOException {
		int code = run(FIXTURES.resolve("baseline").toString(), FIXTURES.resolve("candidate").toString(), "-o",
				this.out.toString());
		assertThat(code).isZero();
		assertThat(this.compare.err()).isEmpty();
		assertThat(this.compare.out()).contains("2 cells in both runs, 1 only in the baseline, 1 only in the candidate")
			.contains("throughput: 1 faster, 1 no significant difference")
			.contains("warning: JDK differs: 21.0.5 (Eclipse Adoptium) → 25.0.3 (Eclipse Adoptium)");
		String report = Files.readString(this.out.resolve("report.md"));
		if (Boolean.getBoolean("compare.updateExpected")) {
			Files.writeString(EXPECTED, report, StandardCharsets.UTF_8);
		}
		assertThat(report).isEqualTo(Files.readString(EXPECTED));
		String html = Files.readString(this.out.resolve("index.html"));
		assertThat(html).contains("<td class=\"num better\">1.488 faster</td>")
			.contains("<td class=\"worse\">larger</td>")
			.contains("<li>settings differ: durationSeconds 5 → 10</li>")
			.doesNotContain("{{");
		JsonNode json = new ObjectMapper().readTree(this.out.resolve("compare.json").toFile());
		assertThat(json.at("/cells/0/figures/0/verdict").asText()).isEqualTo("BETTER");
		assertThat(json.at("/cells/0/figures/0/estimate/low").asDouble()).isGreaterThan(1);
		assertThat(json.at("/onlyInCandidate/0").asText()).startsWith("webflux slow-io");
		assertThat(json.at("/warnings").size()).isEqualTo(3);
	}

	@Test
	void aMissingFolderIsOneLineNamingIt() {
		int code = run("no-such-run", FIXTURES.resolve("candidate").toString(), "-o", this.out.toString());
		assertThat(code).isEqualTo(1);
		assertThat(this.compare.err())
			.isEqualTo("compare: baseline: run folder not found: no-such-run" + System.lineSeparator());
		assertThat(this.out).isEmptyDirectory();
	}

	@Test
	void aConfidenceOutOfRangeNamesTheAcceptedValues() {
		int code = run(FIXTURES.resolve("baseline").toString(), FIXTURES.resolve("candidate").toString(),
				"--confidence", "95");
		assertThat(code).isEqualTo(1);
		assertThat(this.compare.err()).startsWith("compare: --confidence must be between 0.5 and 0.999, got 95.0");
	}

	@Test
	void aMissingArgumentIsAUsageError() {
		assertThat(run("only-one")).isEqualTo(2);
		assertThat(this.compare.err()).contains("Missing required parameter: '<candidate-folder>'")
			.contains("Usage: compare");
	}

}
