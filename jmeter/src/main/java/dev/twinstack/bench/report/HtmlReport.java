package dev.twinstack.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.twinstack.bench.report.charts.ChartSpec;
import dev.twinstack.bench.results.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Writes {@code index.html}: report.md rendered to HTML (its text and side-by-side
 * tables), with a live Chart.js chart wherever report.md shows a PNG of {@code charts/}.
 * Chart.js and the page's script are copied to {@code assets/}, the chart data is
 * embedded: the page opens offline, from the file system.
 */
final class HtmlReport {

	private static final String RESOURCES = "/dev/twinstack/bench/report/";

	private static final String CHART_JS_POM = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";

	private HtmlReport() {
	}

	/**
	 * Writes {@code index.html} and {@code assets/} into the output folder.
	 * @param markdown report.md's text
	 * @param charts the charts
	 * @param outputDir the output folder
	 * @return the page
	 */
	static Path write(String markdown, List<ChartSpec> charts, Path outputDir) {
		try {
			Path assets = outputDir.resolve("assets");
			Files.createDirectories(assets);
			String chartJs = "/META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/";
			copy(chartJs + "dist/chart.umd.js", assets.resolve("chart.umd.js"));
			copy(chartJs + "LICENSE.md", assets.resolve("chart.js-LICENSE.md"));
			copy(RESOURCES + "report-charts.js", assets.resolve("report-charts.js"));
			Path page = outputDir.resolve("index.html");
			AtomicFiles.write(page, render(markdown, charts));
			return page;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write the HTML report into " + outputDir, ex);
		}
	}

	/**
	 * Renders the page.
	 * @param markdown report.md's text
	 * @param charts the charts
	 * @return the HTML
	 */
	static String render(String markdown, List<ChartSpec> charts) {
		List<org.commonmark.Extension> extensions = List.of(TablesExtension.create());
		// the page is the interactive version report.md links to
		Node document = Parser.builder()
			.extensions(extensions)
			.build()
			.parse(markdown.replace(" " + ReportWriter.INTERACTIVE_LINK, ""));
		String body = HtmlRenderer.builder()
			.extensions(extensions)
			.escapeHtml(true)
			.nodeRendererFactory(ChartRenderer::new)
			.build()
			.render(document);
		String title = markdown.lines().findFirst().orElse("twinstack bench").replaceFirst("^#\\s*", "");
		return resource(RESOURCES + "index.html").replace("{{title}}", escape(title))
			.replace("{{data}}", data(charts))
			.replace("{{body}}", body);
	}

	private static String data(List<ChartSpec> charts) {
		Map<String, ChartSpec> byId = new LinkedHashMap<>();
		charts.stream().filter(ChartSpec::hasData).forEach((chart) -> byId.put(chart.id(), chart));
		try {
			// "</" would end the <script> element holding the JSON
			return new ObjectMapper().writeValueAsString(byId).replace("</", "<\\/");
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Charts not serializable: " + ex.getMessage(), ex);
		}
	}

	private static String chartJsVersion() throws IOException {
		Properties properties = new Properties();
		try (InputStream in = HtmlReport.class.getResourceAsStream(CHART_JS_POM)) {
			if (in == null) {
				throw new IOException("Chart.js (org.webjars.npm:chart.js) is not on the classpath");
			}
			properties.load(in);
		}
		return properties.getProperty("version");
	}

	private static void copy(String resource, Path target) throws IOException {
		try (InputStream in = HtmlReport.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IOException(resource + " is not on the classpath");
			}
			Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		}
	}

	private static String resource(String name) {
		try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException(name + " is not on the classpath");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

	/**
	 * Renders an image of {@code charts/<id>.png} as a canvas Chart.js draws chart
	 * {@code <id>} into; other images as images.
	 */
	private static final class ChartRenderer implements NodeRenderer {

		private final HtmlNodeRendererContext context;

		ChartRenderer(HtmlNodeRendererContext context) {
			this.context = context;
		}

		@Override
		public Set<Class<? extends Node>> getNodeTypes() {
			return Set.of(Image.class);
		}

		@Override
		public void render(Node node) {
			Image image = (Image) node;
			String destination = image.getDestination();
			String alt = altText(image);
			if (destination.startsWith("charts/") && destination.endsWith(".png")) {
				String id = destination.substring("charts/".length(), destination.length() - ".png".length());
				this.context.getWriter()
					.raw("<span class=\"chart\"><canvas id=\"chart-" + escape(id) + "\" data-chart=\"" + escape(id)
							+ "\" role=\"img\" aria-label=\"" + escape(alt) + "\"></canvas></span>");
			}
			else {
				Map<String, String> attributes = new LinkedHashMap<>();
				attributes.put("src", this.context.encodeUrl(destination));
				attributes.put("alt", alt);
				this.context.getWriter().tag("img", attributes, true);
			}
		}

		private static String altText(Node node) {
			StringBuilder text = new StringBuilder();
			for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
				text.append((child instanceof Text literal) ? literal.getLiteral() : altText(child));
			}
			return text.toString();
		}

	}

}
