package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

import com.github.mustachejava.DefaultMustacheFactory;

/**
 * mustache.java's factory for Markdown templates: values go in as they are (no HTML
 * escaping), but for {@code |}, which would end a table cell and is written {@code \|}.
 */
public final class MarkdownMustacheFactory extends DefaultMustacheFactory {

	/** The classpath folder of report.md's templates. */
	static final String REPORT_TEMPLATES = "dev/twinstack/bench/report";

	private static final MarkdownMustacheFactory REPORT = new MarkdownMustacheFactory(REPORT_TEMPLATES);

	/**
	 * Creates the factory.
	 * @param resourceRoot the classpath folder of the templates, e.g.
	 * {@code dev/twinstack/bench/report}
	 */
	public MarkdownMustacheFactory(String resourceRoot) {
		super(resourceRoot);
	}

	/**
	 * Renders one of report.md's templates
	 * ({@code src/main/resources/dev/twinstack/bench/report/*.md.mustache}).
	 * @param template the template's file name, e.g. {@code reading.md.mustache}
	 * @param view the values it names
	 * @return the Markdown text
	 */
	public static String render(String template, Object view) {
		return render(REPORT, template, view);
	}

	/**
	 * Renders a template of a section's own folder, e.g. the seeds section's
	 * ({@code src/main/resources/dev/twinstack/bench/report/seeds/seeds.md.mustache}).
	 * @param resourceRoot the classpath folder of the template, e.g.
	 * {@code dev/twinstack/bench/report/seeds}
	 * @param template the template's file name, e.g. {@code seeds.md.mustache}
	 * @param view the values it names
	 * @return the Markdown text
	 */
	public static String render(String resourceRoot, String template, Object view) {
		return render(new MarkdownMustacheFactory(resourceRoot), template, view);
	}

	private static String render(MarkdownMustacheFactory factory, String template, Object view) {
		StringWriter out = new StringWriter();
		factory.compile(template).execute(out, view);
		return out.toString();
	}

	@Override
	public void encode(String value, Writer writer) {
		try {
			writer.write(value.replace("|", "\\|"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
