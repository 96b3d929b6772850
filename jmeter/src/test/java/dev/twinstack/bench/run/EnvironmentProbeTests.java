package dev.twinstack.bench.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentProbeTests {

	@Test
	void recordsTheCommitTheBenchWasBuiltFrom() {
		// git-commit-id-maven-plugin writes target/classes/git.properties in a clone
		assertThat(EnvironmentProbe.commit())
			.as("the commit in git.properties (null: this build ran outside a git clone)")
			.matches("[0-9a-f]{40}(-dirty)?");
	}

}
