package dev.twinstack.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.twinstack.bench.matrix.AppCpus;
import dev.twinstack.bench.measure.storage.MongoServer;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.results.BenchResults;
import dev.twinstack.bench.results.ResultsFile;
import dev.twinstack.bench.results.ResultsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * results.json read back ({@link ResultsFile}) holds every figure it was written from:
 * written again, it is the same text.
 */
class ResultsJsonTests {

	@TempDir
	Path folder;

	@Test
	void resultsReadBackAreWrittenAsTheSameJson() throws Exception {
		assertRoundTrip(ResultsFixture.results());
	}

	@Test
	void pinnedAppsAndAProjectionSurviveTheRoundTrip() throws Exception {
		assertRoundTrip(ResultsFixture.pinned(new AppCpus(1)));
		assertRoundTrip(ResultsFixture.results(Map.of("bench.project", "cores=8,latency=50ms,concurrency=2000")));
	}

	@Test
	void theMongoDbTheAppsStoredIntoSurvivesTheRoundTripAndIsNamedInTheReport() throws Exception {
		BenchResults fixture = ResultsFixture.results();
		BenchResults.Settings s = fixture.settings();
		MongoServer server = new MongoServer("MongoDB", "8.0.4", 25, "mongodb://***@127.0.0.1:27017", "twinstack_bench",
				true);
		BenchResults results = new BenchResults(
				new BenchResults.Settings(s.profile(), s.stacks(), s.fanouts(), s.concurrency(), s.cells(),
						s.durationSeconds(), s.rampUpSeconds(), s.warmupSeconds(), s.latency(), s.appJvmArgs(),
						s.mocksJvmArgs(), s.tomcatMaxThreads(), s.connectTimeoutMs(), s.responseTimeoutMs(),
						s.memoryRequests(), s.trials(), s.workloads(), s.heaps(), s.loads(), s.rates(), s.requests(),
						s.baselineSeconds(), s.slowLatency(), s.engines(), s.project(), s.targets(), server),
				fixture.environment(), fixture.processes(), fixture.startedAt(), fixture.finishedAt(),
				fixture.wallSeconds(), fixture.cells(), fixture.apps(), fixture.memory(), fixture.jdk(),
				fixture.skipped(), fixture.matrix(), fixture.trials());
		assertRoundTrip(results);
		assertThat(ReportWriter.render(results, java.util.Set.of(), RunModel.of(results))).contains(
				"| MongoDB | MongoDB 8.0.4 (wire version 25) at mongodb://***@127.0.0.1:27017, database twinstack_bench: "
						+ "started apart from the bench, its CPU is not measured nor pinned |");
	}

	@Test
	void theReadResultsRenderTheSameReport() throws Exception {
		BenchResults results = ResultsFixture.results();
		RunModel model = RunModel.of(results);
		ResultsJson.write(results, model, this.folder.resolve(ResultsFile.NAME));
		BenchResults read = ResultsFile.read(this.folder);
		assertThat(ReportWriter.render(read, java.util.Set.of("throughput-sequential"), RunModel.of(read)))
			.isEqualTo(ReportWriter.render(results, java.util.Set.of("throughput-sequential"), model));
	}

	@Test
	void aRecordsPropertiesAreWrittenComponentsFirstThenDerivedOnesAlphabetically() {
		// six derived properties declared in reverse order: without a fixed order they
		// come in the order reflection lists the methods, which the JVM does not fix
		assertThat(ResultsJson.tree(new Derived(1, 2)).fieldNames()).toIterable()
			.containsExactly("zulu", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf");
		assertThat(ResultsJson.tree(new Ordered(1, 2)).fieldNames()).toIterable()
			.containsExactly("total", "zulu", "alpha");
	}

	private void assertRoundTrip(BenchResults results) throws Exception {
		ResultsJson.write(results, RunModel.of(results), this.folder.resolve(ResultsFile.NAME));
		String written = Files.readString(this.folder.resolve(ResultsFile.NAME));
		BenchResults read = ResultsFile.read(this.folder);
		assertThat(read.settings()).isEqualTo(results.settings());
		assertThat(read.matrix()).isEqualTo(results.matrix());
		assertThat(ResultsJson.toJson(read) + "\n").isEqualTo(written);
	}

	record Derived(int zulu, int alpha) {

		@JsonProperty
		int golf() {
			return 7;
		}

		@JsonProperty
		int foxtrot() {
			return 6;
		}

		@JsonProperty
		int echo() {
			return 5;
		}

		@JsonProperty
		int delta() {
			return 4;
		}

		@JsonProperty
		int charlie() {
			return 3;
		}

		@JsonProperty
		int bravo() {
			return 2;
		}

	}

	@JsonPropertyOrder({ "total" })
	record Ordered(int zulu, int alpha) {

		@JsonProperty
		int total() {
			return this.zulu + this.alpha;
		}

	}

}
