package dev.twinstack.bench.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.twinstack.bench.analysis.CrossCheck;
import dev.twinstack.bench.analysis.Validity;
import dev.twinstack.bench.analysis.Winners;
import dev.twinstack.bench.load.warmup.WarmUp;
import dev.twinstack.bench.report.queueing.RunModel;
import dev.twinstack.bench.matrix.Stack;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the reference docs (the root README, {@code docs/*.md} but the design page and
 * the dated results, the module READMEs) against the code: the stacks and their ports,
 * the settings they name, the thresholds and standard defaults they quote, and that
 * neither they nor the main code carry commit hashes or dated runs.
 */
class ReferenceDocsTests {

	private static final String PUBLISHED_BEGIN = "<!-- latest-result:begin -->";

	private static final String PUBLISHED_END = "<!-- latest-result:end -->";

	private static final Path ROOT = Path.of("..");

	/** Build and test switches that are no bench settings. */
	private static final Set<String> NOT_SETTINGS = Set.of("bench.updateReadme", "bench.updatePlans",
			"bench.forkTimeoutSeconds");

	private static final Pattern PORT_ROW = Pattern.compile("(?m)^\\| `([a-z][a-z-]*)` \\| (\\d{4,5}) \\|");

	private static final Pattern SETTING = Pattern.compile("(?<![.\\w])bench\\.[a-zA-Z]+\\b(?!\\.)");

	/**
	 * A commit, short (7–12 hex digits) or full (40), with a letter and a digit among
	 * them; MongoDB's 24-digit object ids are not commits.
	 */
	private static final Pattern HASH = Pattern
		.compile("(?<![\\w.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])([0-9a-f]{7,12}|[0-9a-f]{40})(?![\\w-])");

	/**
	 * Reference docs rewritten on another branch at the same time: the lead removes an
	 * entry when that branch is merged.
	 */
	private static final Set<String> REWRITTEN_ELSEWHERE = Set.of();

	/** A date, unless it is a timestamp's (an example of a format). */
	private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d(?!T)\\b");

	/** A date in words: 24 November 2026, Nov. 24, 2026, November 2026. */
	private static final Pattern WRITTEN_DATE = Pattern
		.compile("\\b(?:[0-3]?\\d )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?:[a-z]{0,6})\\.?"
				+ "(?: [0-3]?\\d(?:st|nd|rd|th)?,?)? 20\\d\\d\\b");

	@Test
	void theReadmesPortsTableHasEveryStackOnAPortOfItsOwn() throws IOException {
		Map<String, Integer> ports = portsTable(Files.readString(ROOT.resolve("README.md")));
		for (Stack stack : Stack.values()) {
			assertThat(ports).as("README.md's ports table (Running the pieces by hand)").containsKey(stack.id());
		}
		assertThat(ports.values()).doesNotHaveDuplicates();
	}

	@Test
	void theReferenceNamesOnlyDeclaredSettings() throws IOException {
		List<String> declared = SettingsTable.ALL.stream().map(Setting::name).toList();
		for (Path doc : referenceDocs()) {
			Matcher name = SETTING.matcher(Files.readString(doc));
			while (name.find()) {
				if (!NOT_SETTINGS.contains(name.group())) {
					assertThat(declared).as("%s names %s", doc, name.group()).contains(name.group());
				}
			}
		}
	}

	@Test
	void theReadmeQuotesTheCodesThresholdsAndStandardDefaults() throws IOException {
		String readme = Files.readString(ROOT.resolve("README.md")).replaceAll("\\s+", " ");
		assertThat(readme).contains("used ≥ " + Validity.HELPER_SHARE_LIMIT_PERCENT + " % of the machine's CPU")
			.contains("answered > " + Validity.DRIFT_LIMIT_PERCENT + " % slower than configured")
			.contains("disagree by > " + CrossCheck.TOLERANCE_PERCENT + " %")
			.contains("≥ " + Validity.MACHINE_LIMIT_PERCENT + " % busy")
			.contains("(> " + (int) WarmUp.TRIAL_JIT_PERCENT + " % of the trial)")
			.contains("a margin under " + Winners.NOISE_PERCENT + " %");
		BenchProfile standard = BenchProfile.STANDARD;
		assertThat(readme).contains("at " + SettingsTable.CONCURRENCY.defaultFor(standard) + " concurrent clients")
			.contains("(at most " + standard.warmup().toSeconds() + " s)")
			.contains("then " + words(standard.trials()) + " " + standard.duration().toSeconds() + " s trials");
	}

	@Test
	void theBenchReadmeQuotesTheWarmUpsAndTheRehearsalsThresholds() throws IOException {
		String readme = Files.readString(ROOT.resolve("jmeter/README.md")).replaceAll("\\s+", " ");
		assertThat(readme)
			.contains("until the last " + WarmUp.WINDOW + " lie within " + (int) WarmUp.TOLERANCE_PERCENT
					+ " % of each other")
			.contains("the JIT compiled for at most " + (int) WarmUp.JIT_QUIET_PERCENT + " % of them")
			.contains("compile time per request is at most " + Math.round(RunModel.REHEARSAL_JIT_SHARE * 100)
					+ " % of the app's CPU per request");
	}

	@Test
	void theProfilesAsTheReferenceQuotesThem() throws IOException {
		BenchProfile standard = BenchProfile.STANDARD;
		String standardTrials = words(standard.trials()) + " " + standard.duration().toSeconds() + " s trials";
		String standardWarmup = "(at most " + standard.warmup().toSeconds() + " s)";
		for (String doc : List.of("README.md", "docs/running.md", "jmeter/README.md")) {
			assertThat(Files.readString(ROOT.resolve(doc)).replaceAll("\\s+", " ")).as(doc)
				.contains(standardTrials)
				.contains(standardWarmup);
		}
		String jmeterReadme = Files.readString(ROOT.resolve("jmeter/README.md"));
		assertThat(row(jmeterReadme, "| `standard`")).contains("c = " + SettingsTable.CONCURRENCY.defaultFor(standard));
		BenchProfile smoke = BenchProfile.SMOKE;
		assertThat(row(jmeterReadme, "| `smoke`")).contains("c = " + SettingsTable.CONCURRENCY.defaultFor(smoke) + ", "
				+ words(smoke.trials()) + " " + smoke.duration().toSeconds() + " s trial");
		assertThat(row(jmeterReadme, "| `full`")).contains(BenchProfile.FULL.warmup().toSeconds() + " s warm-ups");
	}

	@Test
	void theReferenceCarriesNoCommitHashesAndTheMainCodeNoDatedRuns() throws IOException {
		List<String> found = new ArrayList<>();
		for (Path doc : referenceDocs()) {
			if (!REWRITTEN_ELSEWHERE.contains(ROOT.relativize(doc).toString())) {
				find(HASH, doc, found);
			}
		}
		try (Stream<Path> files = Files.walk(ROOT)) {
			// the code and the text it writes (templates, configuration)
			List<Path> mainCode = files
				.filter((file) -> file.toString()
					.matches(".*/src/main/(java/.*\\.(java|kt)|resources/.*\\.(mustache|yml|yaml|properties|lua))"))
				.filter((file) -> !file.toString().contains("/target/"))
				.toList();
			assertThat(mainCode).isNotEmpty();
			for (Path file : mainCode) {
				find(HASH, file, found);
				find(DATE, file, found);
				find(WRITTEN_DATE, file, found);
			}
		}
		assertThat(found).as("commit hashes and dated runs belong in docs/results/ or docs/design.md").isEmpty();
	}

	@Test
	void theCommitAndDatePatternsFindWhatTheyAreFor() {
		assertThat(HASH.matcher("the run at `7daa88b` and f9dea8c").results().count()).isEqualTo(2);
		assertThat(HASH.matcher("ids 1 to 999999999, JDK-6515172, 0x7fffffff, deadbeef").find()).isFalse();
		assertThat(HASH.matcher("\"_id\": \"6920a1f2c3b4d5e6f7a8b9c0\"").find()).isFalse();
		assertThat(DATE.matcher("the standard run of 2026-11-24").find()).isTrue();
		assertThat(DATE.matcher("e.g. 2026-11-21T13:50:00.120Z").find()).isFalse();
		assertThat(WRITTEN_DATE.matcher("the standard run of 24 November 2026, Nov. 25, 2026 and December 2026")
			.results()
			.count()).isEqualTo(3);
		assertThat(WRITTEN_DATE.matcher("Nov 3rd, 2026").find()).isTrue();
		assertThat(WRITTEN_DATE.matcher("a 2026 MB heap, May 20 ms, Java 2026-ready").find()).isFalse();
	}

	static Map<String, Integer> portsTable(String markdown) {
		Map<String, Integer> ports = new LinkedHashMap<>();
		Matcher row = PORT_ROW.matcher(markdown);
		while (row.find()) {
			ports.put(row.group(1), Integer.valueOf(row.group(2)));
		}
		return ports;
	}

	private static List<Path> referenceDocs() throws IOException {
		List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
		try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
			files.filter((file) -> file.toString().endsWith(".md"))
				.filter((file) -> !file.getFileName().toString().equals("design.md"))
				.sorted()
				.forEach(docs::add);
		}
		try (Stream<Path> modules = Files.list(ROOT)) {
			modules.map((module) -> module.resolve("README.md"))
				.filter(Files::isRegularFile)
				.sorted()
				.forEach(docs::add);
		}
		assertThat(docs).hasSizeGreaterThan(5);
		return docs;
	}

	private static void find(Pattern pattern, Path file, List<String> found) throws IOException {
		List<String> lines = Files.readAllLines(file);
		boolean published = false;
		for (int i = 0; i < lines.size(); i++) {
			// the README's published result is a record of one run: it names that run's
			// commit (written by the publish command, not by hand)
			if (lines.get(i).strip().equals(PUBLISHED_BEGIN) || lines.get(i).strip().equals(PUBLISHED_END)) {
				published = lines.get(i).strip().equals(PUBLISHED_BEGIN);
				continue;
			}
			if (published) {
				continue;
			}
			Matcher matcher = pattern.matcher(lines.get(i));
			while (matcher.find()) {
				found.add(file + ":" + (i + 1) + ": " + matcher.group());
			}
		}
	}

	private static String row(String markdown, String start) {
		return markdown.lines()
			.filter((line) -> line.startsWith(start))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no row starting with " + start));
	}

	private static String words(int count) {
		return List.of("zero", "one", "two", "three", "four", "five").get(count);
	}

}
