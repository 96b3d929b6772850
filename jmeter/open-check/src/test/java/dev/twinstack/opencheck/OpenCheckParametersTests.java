package dev.twinstack.opencheck;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OpenCheckParametersTests {

	private static Properties properties(String... namesAndValues) {
		Properties properties = new Properties();
		properties.putAll(Map.of("openCheck.baseUrl", "http://127.0.0.1:8080/", "openCheck.path",
				"/profiles/${__Random(1,100000)}?fanout=sequential", "openCheck.requestIdPrefix", "run1-g",
				"openCheck.steps", "150x12, 225.5x12", "openCheck.out", "/tmp/cell/gatling"));
		for (int i = 0; i < namesAndValues.length; i += 2) {
			properties.setProperty(namesAndValues[i], namesAndValues[i + 1]);
		}
		return properties;
	}

	@Test
	void readsTheRequestAndTheSteps() {
		OpenCheckParameters parameters = OpenCheckParameters.from(properties("openCheck.method", "POST",
				"openCheck.status", "201", "openCheck.warmUp", "50x5", "openCheck.skipSeconds", "2",
				"openCheck.header.Content-Type", "application/json", "openCheck.body", "{}"));

		assertThat(parameters.baseUrl()).isEqualTo("http://127.0.0.1:8080");
		assertThat(parameters.method()).isEqualTo("POST");
		assertThat(parameters.status()).isEqualTo(201);
		assertThat(parameters.headers()).containsExactly(Map.entry("Content-Type", "application/json"));
		assertThat(parameters.body()).isEqualTo("{}");
		assertThat(parameters.warmUp()).isEqualTo(new OpenCheckParameters.Step(50, 5));
		assertThat(parameters.steps()).containsExactly(new OpenCheckParameters.Step(150, 12),
				new OpenCheckParameters.Step(225.5, 12));
		assertThat(parameters.steps().get(1).arrivals()).isEqualTo(2706);
		assertThat(parameters.skipSeconds()).isEqualTo(2);
		assertThat(parameters.pauseSeconds()).isEqualTo(2);
		assertThat(parameters.out()).isEqualTo(Path.of("/tmp/cell/gatling"));
	}

	@Test
	void defaultsToAGetAnswered200WithoutWarmUpBodyOrSkip() {
		OpenCheckParameters parameters = OpenCheckParameters.from(properties());

		assertThat(parameters.method()).isEqualTo("GET");
		assertThat(parameters.status()).isEqualTo(200);
		assertThat(parameters.warmUp()).isNull();
		assertThat(parameters.body()).isNull();
		assertThat(parameters.headers()).isEmpty();
		assertThat(parameters.skipSeconds()).isZero();
	}

	@Test
	void drawsEachRandomPartAnewWithinItsBounds() {
		OpenCheckParameters parameters = OpenCheckParameters
			.from(properties("openCheck.path", "/a/${__Random(3,5)}/b?seed=${__Random(1,100000)}"));
		Pattern shape = Pattern.compile("/a/(\\d+)/b\\?seed=(\\d+)");

		var paths = IntStream.range(0, 300).mapToObj((i) -> parameters.randomPath()).toList();

		assertThat(paths).allSatisfy((path) -> {
			Matcher matcher = shape.matcher(path);
			assertThat(matcher.matches()).as(path).isTrue();
			assertThat(Integer.parseInt(matcher.group(1))).isBetween(3, 5);
			assertThat(Integer.parseInt(matcher.group(2))).isBetween(1, 100_000);
		});
		assertThat(paths.stream().map((path) -> path.substring(0, 4)).distinct()).containsExactlyInAnyOrder("/a/3",
				"/a/4", "/a/5");
		assertThat(paths.stream().distinct().count()).isGreaterThan(250);
	}

	@Test
	void namesTheMalformedProperty() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.steps", "150")))
			.withMessage("openCheck.steps takes <rate>x<seconds> (req/s, s; both above 0, e.g. 150x12), got '150'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.warmUp", "0x5")))
			.withMessageStartingWith("openCheck.warmUp takes <rate>x<seconds>");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.path", "/x/${__counter(FALSE,)}")))
			.withMessageContaining("${__Random(lo,hi)} as its only function");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.path", "/x/${__Random(9,1)}")))
			.withMessageContaining("needs lo <= hi");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.baseUrl", "127.0.0.1:8080")))
			.withMessageStartingWith("openCheck.baseUrl takes http(s)://host:port");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> OpenCheckParameters.from(properties("openCheck.skipSeconds", "-1")))
			.withMessage("openCheck.skipSeconds takes a whole number of at least 0, got '-1'");
		Properties missing = properties();
		missing.remove("openCheck.out");
		assertThatIllegalArgumentException().isThrownBy(() -> OpenCheckParameters.from(missing))
			.withMessageStartingWith("-DopenCheck.out is required");
	}

}
