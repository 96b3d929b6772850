package dev.twinstack.bench.settings;

import dev.twinstack.bench.matrix.AppCpus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class AppCpusTests {

	@Test
	void parsesAllAndCounts() {
		assertThat(AppCpus.parse("all")).isEqualTo(AppCpus.ALL);
		assertThat(AppCpus.parse("all").isAll()).isTrue();
		assertThat(AppCpus.parse(" 2 ")).isEqualTo(new AppCpus(2));
		assertThat(AppCpus.parse("1").isAll()).isFalse();
		assertThat(AppCpus.parse("1").cores()).isEqualTo(1);
	}

	@Test
	void idsAreUsableInFolderNames() {
		assertThat(AppCpus.ALL.id()).isEqualTo("all");
		assertThat(AppCpus.parse("1").id()).isEqualTo("1");
		assertThat(AppCpus.parse("12").id()).isEqualTo("12");
		assertThat(AppCpus.parse("2")).hasToString("2");
	}

	@Test
	void rejectsZeroNegativeFractionsAndWordsNamingTheSetting() {
		for (String bad : new String[] { "0", "-1", "1.5", "two", "", "ALL", "01", "1 2" }) {
			assertThat(AppCpus.parse(bad)).as(bad).isNull();
			assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> SettingsTable.APP_CPUS.parse(bad))
				.withMessage("bench.appCpus must be all or a whole number of cores for the app alone, from 1 up, "
						+ "e.g. 1 or 2, got '" + bad + "'");
		}
	}

	@Test
	void parsesTheAxisAscendingWithAllLastAndNoRepeats() {
		assertThat(SettingsParser.appCpus("all,2,1,2", 3)).containsExactly(new AppCpus(1), new AppCpus(2), AppCpus.ALL);
		assertThat(SettingsParser.appCpus("all", 1)).containsExactly(AppCpus.ALL);
	}

	@Test
	void anAxisWithABadValueNamesTheWholeSetting() {
		assertThatExceptionOfType(BenchConfigException.class).isThrownBy(() -> SettingsTable.APP_CPUS.parse("1,,all"))
			.withMessageStartingWith("bench.appCpus must be all or a whole number")
			.withMessageEndingWith("got '1,,all'");
	}

	@Test
	void aCountMustLeaveACoreForTheHarness() {
		assertThat(SettingsParser.requireFits(AppCpus.parse("1"), 2)).isEqualTo(new AppCpus(1));
		assertThat(SettingsParser.requireFits(AppCpus.parse("3"), 4)).isEqualTo(new AppCpus(3));
		assertThat(SettingsParser.requireFits(AppCpus.ALL, 1)).isEqualTo(AppCpus.ALL);
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> SettingsParser.requireFits(AppCpus.parse("2"), 2))
			.withMessage("bench.appCpus must be all or 1 on this machine of 2 cores (logical processors; at least one "
					+ "stays with JMeter, mock-services and MongoDB), got '2'");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> SettingsParser.requireFits(AppCpus.parse("8"), 8))
			.withMessageStartingWith("bench.appCpus must be all or 1 to 7 on this machine of 8 cores (");
		assertThatExceptionOfType(BenchConfigException.class)
			.isThrownBy(() -> SettingsParser.requireFits(AppCpus.parse("1"), 1))
			.withMessageStartingWith("bench.appCpus must be all on this machine of 1 core (");
	}

}
