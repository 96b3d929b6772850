package dev.twinstack.monitoring;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TimeSeriesTests {

	private static final Instant T0 = Instant.parse("2026-11-21T13:00:00Z");

	private final TimeSeries series = new TimeSeries(List.of("heap", "cpu"),
			List.of(new TimeSeries.Row(T0, new double[] { 10, Double.NaN }),
					new TimeSeries.Row(T0.plusSeconds(1), new double[] { 30, 0.5 }),
					new TimeSeries.Row(T0.plusSeconds(2), new double[] { 20, 0.25 })));

	@Test
	void summarizesPeakMeanAndLastIgnoringMissingReadings() {
		assertThat(this.series.summary("heap")).isEqualTo(new SeriesSummary(3, 30.0, 20.0, 20.0));
		assertThat(this.series.summary("cpu")).isEqualTo(new SeriesSummary(2, 0.5, 0.375, 0.25));
		assertThat(this.series.summaries()).containsOnlyKeys("heap", "cpu");
		assertThat(SeriesSummary.of(new double[] { Double.NaN })).isEqualTo(new SeriesSummary(0, null, null, null));
	}

	@Test
	void selectsATimeWindow() {
		TimeSeries window = this.series.between(T0.plusSeconds(1), T0.plusSeconds(5));
		assertThat(window.rows()).hasSize(2);
		assertThat(window.column("heap")).containsExactly(30, 20);
	}

	@Test
	void roundTripsThroughCsv(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("series.csv");
		TimeSeriesCsv.write(this.series, T0.minusMillis(500), file);
		assertThat(Files.readAllLines(file)).containsExactly("time,seconds,heap,cpu", "2026-11-21T13:00:00Z,0.5000,10,",
				"2026-11-21T13:00:01Z,1.5000,30,0.5000", "2026-11-21T13:00:02Z,2.5000,20,0.2500");
		TimeSeries read = TimeSeriesCsv.read(file);
		assertThat(read.columns()).containsExactly("heap", "cpu");
		assertThat(read.rows()).extracting(TimeSeries.Row::time)
			.containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(2));
		assertThat(read.column("cpu")).containsExactly(Double.NaN, 0.5, 0.25);
	}

	@Test
	void rejectsForeignCsvAndUnknownColumns(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("other.csv");
		Files.writeString(file, "a,b\n1,2\n");
		assertThatIOException().isThrownBy(() -> TimeSeriesCsv.read(file))
			.withMessageEndingWith("does not start with the columns time,seconds: [a, b]");
		assertThatIllegalArgumentException().isThrownBy(() -> this.series.column("threads"))
			.withMessage("no column 'threads'; columns are [heap, cpu]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new TimeSeries(List.of("a"), List.of(new TimeSeries.Row(T0, new double[2]))))
			.withMessage("row at 2026-11-21T13:00:00Z has 2 values for 1 columns");
	}

}
