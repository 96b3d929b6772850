package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

import com.github.mustachejava.DefaultMustacheFactory;

/**
 * mustache.java's factory for Markdown templates: values go in as they are (no HTML
 * escaping), but for {@code |}, which would end a table cell and is written {@code \|}.
 */
public final class MarkdownMustacheFactory extends DefaultMustacheFactory {

	/**
	 * Creates the factory.
	 * @param resourceRoot the classpath folder of the templates, e.g.
	 * {@code dev/twinstack/bench/report}
	 */
	public MarkdownMustacheFactory(String resourceRoot) {
		super(resourceRoot);
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
