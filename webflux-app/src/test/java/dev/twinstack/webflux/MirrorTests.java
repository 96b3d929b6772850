package dev.twinstack.webflux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The two apps mirror each other (STYLE.md: same packages, same class names; they differ
 * only where blocking and reactive differ), and this test holds them to it: each file
 * declared {@link #IDENTICAL} is the same in mvc-app and webflux-app but for the app's
 * package name, and each of mvc-app's classes declared with a {@link #TWINS twin} among
 * webflux-app's {@code Blocking…} classes (the {@code webflux-vt} stack) has the same
 * code. A failure names the pair and the first line that differs. mvc-app's sources are
 * read from the sibling module, next to this module's directory.
 */
class MirrorTests {

	private static final Path MVC = moduleDirectory().resolveSibling("mvc-app")
		.resolve("src/main/java/dev/twinstack/mvc");

	private static final Path WEBFLUX = moduleDirectory().resolve("src/main/java/dev/twinstack/webflux");

	/** The files that are the same in both apps but for the package name. */
	static final List<String> IDENTICAL = List.of("config/DatabaseProperties.java", "profile/Address.java",
			"profile/ConnectionFailure.java", "profile/Customer.java", "profile/DownstreamException.java",
			"profile/DownstreamTimeoutException.java", "profile/Fanout.java", "profile/FanoutConverter.java",
			"profile/InvalidRequestException.java", "profile/Order.java", "profile/OrdersResponse.java",
			"profile/ProfileDocument.java", "profile/Recommendation.java", "profile/RecommendationsResponse.java",
			"protocol/ServerProblems.java", "scenario/CpuLightResult.java", "scenario/LargePayload.java",
			"scenario/ScenarioParameters.java", "scenario/ScenarioProperties.java", "scenario/SlowAnswer.java");

	/**
	 * mvc-app's classes and their {@code webflux-vt} twins, the same code once the
	 * {@code Blocking} prefix, the {@code @ConditionalOnProperty} that picks the stack,
	 * comments, imports and line breaks are set aside.
	 */
	static final Map<String, String> TWINS = Map.of("config/HttpClientConfiguration.java",
			"config/BlockingHttpClientConfiguration.java", "profile/DownstreamClient.java",
			"profile/BlockingDownstreamClient.java", "profile/ProfileController.java",
			"profile/BlockingProfileController.java", "profile/ProfileRepository.java",
			"profile/BlockingProfileRepository.java", "profile/ServiceClient.java",
			"profile/BlockingServiceClient.java", "scenario/SlowClient.java", "scenario/BlockingSlowClient.java");

	/**
	 * The {@code Blocking…} classes that differ from mvc-app's on purpose (webflux-app's
	 * README, "Blocking handlers on virtual threads", says how).
	 */
	static final Set<String> BLOCKING_BY_DESIGN = Set.of("config/BlockingDatabaseConfiguration.java",
			"config/BlockingExecutionConfiguration.java", "profile/BlockingProfileService.java",
			"scenario/BlockingScenarioController.java");

	private static final Pattern APP_PACKAGE = Pattern.compile("dev\\.twinstack\\.(mvc|webflux)\\b");

	private static final Pattern STACK_CONDITION = Pattern.compile("@ConditionalOnProperty\\([^)]*\\)");

	private static final Pattern BLOCKING = Pattern.compile("\\bBlocking(?=[A-Z])");

	/**
	 * White space beside punctuation, where the formatter may or may not break a line.
	 */
	private static final Pattern AROUND_PUNCTUATION = Pattern.compile("\\s*([(),.;\\[\\]{}])\\s*");

	static Stream<String> identical() {
		return IDENTICAL.stream();
	}

	static Stream<Arguments> twins() {
		return TWINS.entrySet().stream().map((twin) -> Arguments.of(twin.getKey(), twin.getValue()));
	}

	@ParameterizedTest
	@MethodSource("identical")
	void identicalFilesDifferOnlyInTheirPackage(String file) {
		List<String> mvc = read(MVC.resolve(file)).stream().map(MirrorTests::withoutAppPackage).toList();
		List<String> webflux = read(WEBFLUX.resolve(file)).stream().map(MirrorTests::withoutAppPackage).toList();
		assertSameLines("mvc-app " + file, mvc, "webflux-app " + file, webflux);
	}

	@ParameterizedTest
	@MethodSource("twins")
	void blockingTwinsHaveMvcAppsCode(String mvcFile, String webfluxFile) {
		assertSame("mvc-app " + mvcFile, statements(read(MVC.resolve(mvcFile))), "webflux-app " + webfluxFile,
				statements(read(WEBFLUX.resolve(webfluxFile))));
	}

	/**
	 * The lists are complete: a file that becomes the same in both apps is declared (and
	 * then kept so), and a new {@code Blocking…} class is declared a twin or a design.
	 */
	@Test
	void everyMirrorIsDeclared() {
		Set<String> undeclared = new TreeSet<>();
		for (String file : javaFiles(MVC)) {
			Path webflux = WEBFLUX.resolve(file);
			if (!IDENTICAL.contains(file) && Files.exists(webflux)
					&& read(MVC.resolve(file)).stream()
						.map(MirrorTests::withoutAppPackage)
						.toList()
						.equals(read(webflux).stream().map(MirrorTests::withoutAppPackage).toList())) {
				undeclared.add(file + " is the same in both apps: declare it in IDENTICAL");
			}
		}
		for (String file : javaFiles(WEBFLUX)) {
			if (BLOCKING.matcher(Path.of(file).getFileName().toString()).lookingAt() && !TWINS.containsValue(file)
					&& !BLOCKING_BY_DESIGN.contains(file)) {
				undeclared.add(file + " is a webflux-vt class: declare it in TWINS or BLOCKING_BY_DESIGN");
			}
		}
		assertThat(undeclared).isEmpty();
	}

	private static void assertSame(String leftName, List<Line> left, String rightName, List<Line> right) {
		for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
			Line l = (i < left.size()) ? left.get(i) : new Line(left.size() + 1, "<end of file>");
			Line r = (i < right.size()) ? right.get(i) : new Line(right.size() + 1, "<end of file>");
			if (!l.text().equals(r.text())) {
				fail("%s and %s should mirror each other; first difference:%n  %s:%d: %s%n  %s:%d: %s", leftName,
						rightName, leftName, l.number(), l.text(), rightName, r.number(), r.text());
			}
		}
	}

	private static void assertSameLines(String leftName, List<String> left, String rightName, List<String> right) {
		assertSame(leftName, numbered(left), rightName, numbered(right));
	}

	private static List<Line> numbered(List<String> lines) {
		List<Line> numbered = new ArrayList<>();
		for (String line : lines) {
			numbered.add(new Line(numbered.size() + 1, line));
		}
		return numbered;
	}

	private static String withoutAppPackage(String line) {
		return APP_PACKAGE.matcher(line).replaceAll("dev.twinstack.<app>");
	}

	/**
	 * The code as statements (up to each {@code ;}, <code>{</code> or <code>}</code>,
	 * white space folded, none beside punctuation), each with the line it starts on;
	 * comments, {@code package} and {@code import} lines, the stack's
	 * {@code @ConditionalOnProperty} and the {@code Blocking} prefix left out.
	 */
	private static List<Line> statements(List<String> lines) {
		String code = BLOCKING
			.matcher(STACK_CONDITION.matcher(withoutComments(String.join("\n", lines))).replaceAll(""))
			.replaceAll("");
		List<Line> statements = new ArrayList<>();
		StringBuilder statement = new StringBuilder();
		int line = 1;
		int start = 1;
		for (int i = 0; i < code.length(); i++) {
			char c = code.charAt(i);
			if (Character.isWhitespace(c)) {
				if (!statement.isEmpty() && statement.charAt(statement.length() - 1) != ' ') {
					statement.append(' ');
				}
				line += (c == '\n') ? 1 : 0;
				continue;
			}
			if (statement.isEmpty()) {
				start = line;
			}
			statement.append(c);
			if (c == ';' || c == '{' || c == '}') {
				String text = AROUND_PUNCTUATION.matcher(statement.toString().strip()).replaceAll("$1");
				if (!text.startsWith("package ") && !text.startsWith("import ")) {
					statements.add(new Line(start, text));
				}
				statement.setLength(0);
			}
		}
		return statements;
	}

	/**
	 * The code with its comments blanked out, line breaks kept, string literals intact.
	 */
	private static String withoutComments(String code) {
		StringBuilder out = new StringBuilder(code.length());
		int i = 0;
		while (i < code.length()) {
			char c = code.charAt(i);
			if (code.startsWith("//", i)) {
				while (i < code.length() && code.charAt(i) != '\n') {
					i++;
				}
			}
			else if (code.startsWith("/*", i)) {
				int end = code.indexOf("*/", i + 2);
				end = (end < 0) ? code.length() : end + 2;
				code.substring(i, end).chars().filter((ch) -> ch == '\n').forEach((ch) -> out.append('\n'));
				i = end;
			}
			else if (c == '"' || c == '\'') {
				int end = i + 1;
				while (end < code.length() && code.charAt(end) != c) {
					end += (code.charAt(end) == '\\') ? 2 : 1;
				}
				end = Math.min(end + 1, code.length());
				out.append(code, i, end);
				i = end;
			}
			else {
				out.append(c);
				i++;
			}
		}
		return out.toString();
	}

	private static List<String> javaFiles(Path root) {
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.toString().endsWith(".java"))
				.map((file) -> root.relativize(file).toString().replace('\\', '/'))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<String> read(Path file) {
		assertThat(file).as("a mirror file").isRegularFile();
		try {
			return Files.readAllLines(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** This module's directory: Maven's {@code basedir}, else the working directory. */
	private static Path moduleDirectory() {
		return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
	}

	private record Line(int number, String text) {

	}

}
