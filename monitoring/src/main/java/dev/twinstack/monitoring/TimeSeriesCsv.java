package dev.twinstack.monitoring;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Writes and reads a {@link TimeSeries} as CSV (RFC 4180, with a header): {@code time}
 * (ISO-8601 UTC), {@code seconds} since an origin (e.g. the start of a cell), then one
 * column per series. A missing reading is an empty field.
 */
public final class TimeSeriesCsv {

	private static final String TIME = "time";

	private static final String SECONDS = "seconds";

	private TimeSeriesCsv() {
	}

	/**
	 * Writes a series.
	 * @param series the series
	 * @param origin the instant {@code seconds} counts from
	 * @param file the file to write (its folder is created)
	 * @throws IOException when writing fails
	 */
	public static void write(TimeSeries series, Instant origin, Path file) throws IOException {
		List<String> header = new ArrayList<>(List.of(TIME, SECONDS));
		header.addAll(series.columns());
		Files.createDirectories(file.toAbsolutePath().getParent());
		CSVFormat format = CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).build();
		try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
				CSVPrinter printer = new CSVPrinter(writer, format)) {
			for (TimeSeries.Row row : series.rows()) {
				List<String> record = new ArrayList<>();
				record.add(row.time().toString());
				record.add(number(Duration.between(origin, row.time()).toMillis() / 1000.0));
				for (double value : row.values()) {
					record.add(number(value));
				}
				printer.printRecord(record);
			}
		}
	}

	/**
	 * Reads a series written by {@link #write}.
	 * @param file the file
	 * @return the series (without the {@code seconds} column)
	 * @throws IOException when reading fails or the file is not such a CSV
	 */
	public static TimeSeries read(Path file) throws IOException {
		CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build();
		try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
				CSVParser parser = CSVParser.parse(reader, format)) {
			List<String> header = parser.getHeaderNames();
			if (header.size() < 2 || !header.get(0).equals(TIME) || !header.get(1).equals(SECONDS)) {
				throw new IOException(file + " does not start with the columns time,seconds: " + header);
			}
			List<String> columns = header.subList(2, header.size());
			List<TimeSeries.Row> rows = new ArrayList<>();
			for (CSVRecord record : parser) {
				double[] values = new double[columns.size()];
				for (int i = 0; i < values.length; i++) {
					String text = record.get(i + 2);
					values[i] = text.isEmpty() ? Double.NaN : Double.parseDouble(text);
				}
				rows.add(new TimeSeries.Row(Instant.parse(record.get(0)), values));
			}
			return new TimeSeries(columns, rows);
		}
	}

	private static String number(double value) {
		if (Double.isNaN(value)) {
			return "";
		}
		return (value == Math.rint(value) && Math.abs(value) < 1e15) ? String.valueOf((long) value)
				: String.format(Locale.ROOT, "%.4f", value);
	}

}
