package dev.twinstack.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import dev.twinstack.monitoring.DebianPackages;
import org.awaitility.Awaitility;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium driven by Selenium: the browser ({@code chromium},
 * {@code chromium-browser} or {@code google-chrome}) and {@code chromedriver} found on
 * the {@code PATH}, else Debian's {@code chromium} and {@code chromium-driver} installed
 * ({@link DebianPackages#command}); both given to Selenium explicitly so Selenium Manager
 * never looks for (or downloads) either, and no network use by the browser itself.
 */
public final class Browser implements AutoCloseable {

	/** For each chart canvas: its id, whether Chart.js drew it, its points and pixels. */
	private static final String CHART_STATES = """
			return Array.from(document.querySelectorAll('canvas[data-chart]')).map(function (canvas) {
			  var chart = Chart.getChart(canvas);
			  var pixels = 0;
			  if (canvas.width > 0 && canvas.height > 0) {
			    var data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
			    for (var i = 3; i < data.length; i += 4) { if (data[i] > 0) { pixels++; } }
			  }
			  var points = chart ? chart.data.datasets.reduce(function (sum, set) {
			    return sum + set.data.filter(function (p) { return p !== null && (p.y === undefined || p.y !== null); }).length;
			  }, 0) : 0;
			  return { id: canvas.dataset.chart, drawn: !!chart, datasets: chart ? chart.data.datasets.length : 0,
			    points: points, pixels: pixels, width: canvas.width, height: canvas.height };
			});""";

	private final Path profile;

	private final ChromeDriver driver;

	private Browser(Path profile, ChromeDriver driver) {
		this.profile = profile;
		this.driver = driver;
	}

	public static Browser start() {
		Path chromium = DebianPackages.command("chromium", "chromium", "chromium-browser", "google-chrome",
				"google-chrome-stable");
		Path chromedriver = DebianPackages.command("chromium-driver", "chromedriver");
		System.setProperty("webdriver.chrome.driver", chromedriver.toString());
		try {
			Path profile = Files.createTempDirectory("twinstack-chromium-");
			ChromeOptions options = new ChromeOptions();
			options.setBinary(chromium.toFile());
			options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
					"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
					"--window-size=1500,1200", "--user-data-dir=" + profile);
			LoggingPreferences logs = new LoggingPreferences();
			logs.enable(LogType.BROWSER, Level.ALL);
			options.setCapability("goog:loggingPrefs", logs);
			ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
				.build();
			return new Browser(profile, new ChromeDriver(service, options));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Opens a page from the file system and waits until its charts are drawn.
	 * @param page the HTML file
	 */
	public void open(Path page) {
		this.driver.get(page.toAbsolutePath().toUri().toString());
		Awaitility.await("charts of " + page + " drawn")
			.atMost(Duration.ofSeconds(30))
			.until(() -> Boolean.TRUE.equals(
					this.driver.executeScript("return document.documentElement.dataset.chartsDrawn !== undefined")));
	}

	@SuppressWarnings("unchecked")
	public List<Map<String, Object>> chartStates() {
		return (List<Map<String, Object>>) this.driver.executeScript(CHART_STATES);
	}

	Object script(String script) {
		return this.driver.executeScript(script);
	}

	public List<String> consoleErrors() {
		return this.driver.manage()
			.logs()
			.get(LogType.BROWSER)
			.getAll()
			.stream()
			.filter((entry) -> entry.getLevel().intValue() >= Level.WARNING.intValue())
			.map(LogEntry::toString)
			.toList();
	}

	void screenshot(Path file) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Files.write(file, this.driver.getScreenshotAs(OutputType.BYTES));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		this.driver.quit();
		try (var files = Files.walk(this.profile)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// a temporary folder left behind is harmless
		}
	}

}
