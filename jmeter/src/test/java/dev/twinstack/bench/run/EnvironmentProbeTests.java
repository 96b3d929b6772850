package dev.twinstack.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentProbeTests {

	@Test
	void recordsTheCommitTheBenchRunsFrom() {
		// this module's tests run inside the project's clone
		assertThat(EnvironmentProbe.commit()).as("the commit of the clone (null: git missing and no git.properties)")
			.matches("[0-9a-f]{40}(-dirty)?");
	}

	@Test
	void readsTheCommitOfALinkedWorktreeNotOfTheMainOne(@TempDir Path dir) throws Exception {
		Path main = Files.createDirectory(dir.resolve("main"));
		git(main, "init", "-q");
		Files.writeString(main.resolve("a.txt"), "one");
		git(main, "add", "a.txt");
		git(main, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one");
		String first = git(main, "rev-parse", "HEAD").strip();
		Path linked = dir.resolve("linked");
		git(main, "worktree", "add", "-q", "--detach", linked.toString());
		Files.writeString(main.resolve("a.txt"), "two");
		git(main, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-am", "two");
		String second = git(main, "rev-parse", "HEAD").strip();

		assertThat(EnvironmentProbe.workingTree(main)).isEqualTo(second);
		assertThat(EnvironmentProbe.workingTree(linked)).as("the linked worktree stays at the first commit")
			.isEqualTo(first);
		Files.writeString(linked.resolve("a.txt"), "changed");
		assertThat(EnvironmentProbe.workingTree(linked)).isEqualTo(first + "-dirty");
	}

	@Test
	void knowsNoCommitOutsideAClone(@TempDir Path dir) {
		// a temporary folder is in no clone (unless the system's temp folder is one)
		assertThat(EnvironmentProbe.workingTree(dir)).isNull();
	}

	private static String git(Path folder, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("git"));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor()).as("git %s: %s (git must be installed)", arguments[0], out).isZero();
		return out;
	}

}
