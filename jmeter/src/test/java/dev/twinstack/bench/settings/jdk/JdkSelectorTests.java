package dev.twinstack.bench.settings.jdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.FakeJdks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JdkSelectorTests {

	@TempDir
	Path dir;

	@Test
	void readsVersionAndVendorFromTheReleaseFile() {
		Path home = FakeJdks.create(this.dir, "temurin-25", "25.0.3", "Eclipse Adoptium");
		Jdk jdk = Jdk.read(home, "test").orElseThrow();
		assertThat(jdk.version()).isEqualTo("25.0.3");
		assertThat(jdk.feature()).isEqualTo(25);
		assertThat(jdk.vendor()).isEqualTo("Eclipse Adoptium");
		assertThat(jdk.java()).isEqualTo(home.resolve("bin/java"));
		assertThat(jdk.runs(Stack.MVC_VT)).isTrue();
	}

	@Test
	void featureReleaseOfOldAndNewVersionSchemes() {
		assertThat(Jdk.feature("17.0.15")).isEqualTo(17);
		assertThat(Jdk.feature("21")).isEqualTo(21);
		assertThat(Jdk.feature("1.8.0_412")).isEqualTo(8);
		assertThat(Jdk.feature("abc")).isEqualTo(-1);
	}

	@Test
	void aFolderWithoutReleaseFileIsNoJdk() throws Exception {
		Files.createDirectories(this.dir.resolve("empty/bin"));
		assertThat(Jdk.read(this.dir.resolve("empty"), "test")).isEmpty();
	}

	@Test
	void benchJavaHomeWinsEvenWhenOld() {
		Path old = FakeJdks.create(this.dir, "jdk17", "17.0.15", "Debian");
		Path roots = this.dir.resolve("jvm");
		FakeJdks.create(roots, "temurin-25", "25.0.3", "Eclipse Adoptium");
		Jdk jdk = new JdkSelector(old.toString(), null, List.of(roots), old).select();
		assertThat(jdk.feature()).isEqualTo(17);
		assertThat(jdk.source()).isEqualTo("-Dbench.javaHome");
		assertThat(jdk.runs(Stack.MVC_VT)).isFalse();
	}

	@Test
	void benchJavaHomeThatIsNoJdkIsAnError() {
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> new JdkSelector("/no/such/jdk", null, List.of(), this.dir).select())
			.withMessageStartingWith("bench.javaHome must be a JDK folder holding bin/java and a release file")
			.withMessageEndingWith("got '/no/such/jdk'");
	}

	@Test
	void javaHomeOf21OrNewerIsUsed() {
		Path env = FakeJdks.create(this.dir, "jdk21", "21.0.5", "Oracle Corporation");
		Path roots = this.dir.resolve("jvm");
		FakeJdks.create(roots, "temurin-25", "25.0.3", "Eclipse Adoptium");
		Jdk jdk = new JdkSelector(null, env.toString(), List.of(roots), env).select();
		assertThat(jdk.version()).isEqualTo("21.0.5");
		assertThat(jdk.source()).isEqualTo("JAVA_HOME");
	}

	@Test
	void javaHomeOlderThan21IsPassedOverForTheNewestInstalledJdk() {
		Path env = FakeJdks.create(this.dir, "jdk17", "17.0.15", "Debian");
		Path roots = this.dir.resolve("jvm");
		FakeJdks.create(roots, "java-17-openjdk", "17.0.15", "Debian");
		FakeJdks.create(roots, "jdk-21.0.10", "21.0.10", "Azul");
		FakeJdks.create(roots, "jdk-21.0.9", "21.0.9", "Azul");
		FakeJdks.create(roots, "temurin-25", "25.0.3", "Eclipse Adoptium");
		FakeJdks.create(roots, "temurin-24", "24.0.2", "Eclipse Adoptium");
		Jdk jdk = new JdkSelector(null, env.toString(), List.of(roots), env).select();
		assertThat(jdk.version()).isEqualTo("25.0.3");
		assertThat(jdk.source()).isEqualTo("newest JDK >= 21 in " + roots);
		Jdk among21 = new JdkSelector(null, null, List.of(this.dir.resolve("jvm21")), env).select();
		assertThat(among21.source()).isEqualTo("the Maven JVM");
	}

	@Test
	void newestPatchReleaseWins() {
		Path roots = this.dir.resolve("jvm");
		FakeJdks.create(roots, "a", "21.0.9", "Azul");
		FakeJdks.create(roots, "b", "21.0.10", "Azul");
		Path maven = FakeJdks.create(this.dir, "maven", "17.0.15", "Debian");
		assertThat(new JdkSelector(null, null, List.of(roots), maven).select().version()).isEqualTo("21.0.10");
	}

	@Test
	void withoutAnyJdk21TheOldJavaHomeThenTheMavenJvmRun() {
		Path env = FakeJdks.create(this.dir, "jdk17", "17.0.15", "Debian");
		Path maven = FakeJdks.create(this.dir, "maven", "17.0.2", "Other");
		Path roots = this.dir.resolve("jvm");
		FakeJdks.create(roots, "jdk11", "11.0.20", "Debian");
		assertThat(new JdkSelector(null, env.toString(), List.of(roots), maven).select().version())
			.isEqualTo("17.0.15");
		Jdk fallback = new JdkSelector(null, "  ", List.of(roots), maven).select();
		assertThat(fallback.version()).isEqualTo("17.0.2");
		assertThat(fallback.source()).isEqualTo("the Maven JVM");
	}

	@Test
	void comparesVersionsNumberByNumber() {
		assertThat(JdkSelector.compareVersions("21.0.10", "21.0.9")).isPositive();
		assertThat(JdkSelector.compareVersions("21", "21.0.1")).isNegative();
		assertThat(JdkSelector.compareVersions("25.0.3", "25.0.3")).isZero();
	}

}
