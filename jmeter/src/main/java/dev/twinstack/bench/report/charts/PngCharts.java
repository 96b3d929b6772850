package dev.twinstack.bench.report.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the report's charts as PNG files with XChart, for report.md.
 */
public final class PngCharts {

	private static final int WIDTH = 900;

	private static final int HEIGHT = 420;

	private PngCharts() {
	}

	/**
	 * Writes one PNG per chart that has data.
	 * @param charts the charts
	 * @param folder the folder ({@code <id>.png} each)
	 * @return the files written
	 */
	public static List<Path> write(List<ChartSpec> charts, Path folder) {
		List<Path> files = new ArrayList<>();
		try {
			Files.createDirectories(folder);
			for (ChartSpec spec : charts) {
				if (!spec.hasData()) {
					continue;
				}
				Path file = folder.resolve(spec.id() + ".png");
				Chart<?, ?> chart = (spec.categories() != null) ? categoryChart(spec) : xyChart(spec);
				BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
				files.add(file);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write the charts to " + folder, ex);
		}
		return files;
	}

	/**
	 * Writes charts side by side as one PNG, e.g. the README's throughput and p99 per
	 * stack.
	 * @param charts the charts, left to right
	 * @param file the PNG
	 */
	public static void writeSideBySide(List<ChartSpec> charts, Path file) {
		BufferedImage image = new BufferedImage(WIDTH * charts.size(), HEIGHT, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		try {
			for (int i = 0; i < charts.size(); i++) {
				ChartSpec spec = charts.get(i);
				Chart<?, ?> chart = (spec.categories() != null) ? categoryChart(spec) : xyChart(spec);
				g.drawImage(BitmapEncoder.getBufferedImage(chart), WIDTH * i, 0, null);
			}
		}
		finally {
			g.dispose();
		}
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			if (!ImageIO.write(image, "png", file.toFile())) {
				throw new IOException("no PNG writer");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write the chart " + file, ex);
		}
	}

	private static XYChart xyChart(ChartSpec spec) {
		XYChart chart = new XYChartBuilder().width(WIDTH)
			.height(HEIGHT)
			.title(spec.title())
			.xAxisTitle(spec.xLabel())
			.yAxisTitle(spec.yLabel())
			.build();
		style(chart);
		for (ChartSpec.Series line : spec.series()) {
			List<Double> x = new ArrayList<>();
			List<Double> y = new ArrayList<>();
			for (int i = 0; i < line.y().size(); i++) {
				if (line.y().get(i) != null) {
					x.add(line.x().get(i));
					y.add(line.y().get(i));
				}
			}
			if (!y.isEmpty()) {
				XYSeries series = chart.addSeries(line.name(), x, y);
				series.setMarker(SeriesMarkers.NONE);
				series.setLineColor(Color.decode(line.color()));
				series.setLineStyle(stroke(line.dash()));
			}
		}
		return chart;
	}

	private static CategoryChart categoryChart(ChartSpec spec) {
		CategoryChart chart = new CategoryChartBuilder().width(WIDTH)
			.height(HEIGHT)
			.title(spec.title())
			.xAxisTitle(spec.xLabel())
			.yAxisTitle(spec.yLabel())
			.build();
		style(chart);
		chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
		// a bar per stack: each stack's series holds its own bar only, drawn in the
		// category's whole slot, with the marks over it
		chart.getStyler().setOverlapped(spec.bars());
		chart.getStyler().setAvailableSpaceFill(0.6);
		chart.getStyler().setMarkerSize(12);
		for (ChartSpec.Series line : spec.series()) {
			if (line.y().stream().allMatch((value) -> value == null)) {
				continue;
			}
			List<Double> y = line.y()
				.stream()
				.map((value) -> (value != null) ? value : (spec.bars() ? null : Double.NaN))
				.toList();
			CategorySeries series = chart.addSeries(line.name(), spec.categories(), y);
			Color color = Color.decode(line.color());
			if (ChartSpec.Series.BAR.equals(line.kind())) {
				series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
				series.setFillColor(color);
				series.setMarker(SeriesMarkers.NONE);
			}
			else if (line.kind() != null) {
				series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
				series.setMarker(ChartSpec.Series.TICK.equals(line.kind()) ? new Tick() : SeriesMarkers.DIAMOND);
				series.setMarkerColor(color);
			}
			else {
				series.setMarker(SeriesMarkers.CIRCLE);
				series.setMarkerColor(color);
				series.setLineColor(color);
				series.setLineStyle(stroke(line.dash()));
			}
		}
		return chart;
	}

	private static void style(Chart<?, ?> chart) {
		var styler = chart.getStyler();
		styler.setLegendPosition(LegendPosition.OutsideE);
		styler.setChartBackgroundColor(Color.WHITE);
		styler.setPlotBackgroundColor(Color.WHITE);
		styler.setPlotBorderVisible(false);
		styler.setAntiAlias(true);
		if (styler instanceof AxesChartStyler axes) {
			axes.setYAxisMin(0.0);
		}
	}

	private static BasicStroke stroke(String dash) {
		return switch (dash) {
			case "dash" ->
				new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] { 8f, 5f }, 0f);
			case "dot" ->
				new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] { 2f, 4f }, 0f);
			default -> new BasicStroke(2f);
		};
	}

	/**
	 * A short horizontal mark, as the trials' min and max over a bar.
	 */
	private static final class Tick extends Marker {

		private static final BasicStroke STROKE = new BasicStroke(3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);

		@Override
		public void paint(Graphics2D g, double xOffset, double yOffset, int markerSize) {
			g.setStroke(STROKE);
			double half = markerSize;
			g.draw(new Line2D.Double(xOffset - half, yOffset, xOffset + half, yOffset));
		}

	}

}
