package dev.twinstack.bench.compare;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.MustacheFactory;
import dev.twinstack.bench.report.MarkdownMustacheFactory;

/**
 * Writes a comparison to a folder: {@code report.md} and {@code index.html} from the
 * mustache templates next to this class ({@code *.mustache}), {@code compare.json} with
 * every figure, interval and warning.
 */
final class CompareReport {

	static final String TEMPLATES = "dev/twinstack/bench/compare";

	private CompareReport() {
	}

	/**
	 * Writes the three files, replacing earlier ones.
	 * @param comparison the comparison
	 * @param folder the output folder, created when missing
	 * @throws CompareException when a file cannot be written
	 */
	static void write(RunComparison comparison, Path folder) {
		ReportView view = ReportView.of(comparison);
		try {
			Files.createDirectories(folder);
			Files.writeString(folder.resolve("report.md"), markdown(view), StandardCharsets.UTF_8);
			Files.writeString(folder.resolve("index.html"),
					render(new DefaultMustacheFactory(TEMPLATES), "index.html.mustache", view), StandardCharsets.UTF_8);
			new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
				.writeValue(folder.resolve("compare.json").toFile(), comparison);
		}
		catch (IOException | UncheckedIOException ex) {
			throw new CompareException("cannot write the comparison to " + folder + ": " + ex.getMessage());
		}
	}

	/**
	 * Renders report.md.
	 * @param view the comparison, formatted
	 * @return the Markdown text
	 */
	static String markdown(ReportView view) {
		return render(new MarkdownMustacheFactory(TEMPLATES), "report.md.mustache", view);
	}

	private static String render(MustacheFactory factory, String template, ReportView view) {
		StringWriter out = new StringWriter();
		factory.compile(template).execute(out, view);
		return out.toString();
	}

}
