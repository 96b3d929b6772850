package dev.twinstack.bench.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.twinstack.bench.matrix.MatrixBlock;

/**
 * Renders {@link SettingsTable}: the listing {@code -Dbench.help} prints instead of
 * running the bench, and the generated settings section of jmeter/README.md
 * ({@code SettingsHelpTests} fails while the README's is stale and names
 * {@link #REGENERATE}).
 */
public final class SettingsHelp {

	/** The line before the generated section of jmeter/README.md. */
	public static final String BEGIN = "<!-- settings-table:begin (generated from SettingsTable) -->";

	/** The line after the generated section of jmeter/README.md. */
	public static final String END = "<!-- settings-table:end -->";

	/**
	 * The command that regenerates the README's section, run from the repository root.
	 */
	public static final String REGENERATE = "./mvnw -q -pl jmeter -am test -Dtest=SettingsHelpTests "
			+ "-Dsurefire.failIfNoSpecifiedTests=false -Dbench.updateReadme=true";

	private SettingsHelp() {
	}

	/**
	 * Prints the listing: what {@code -Dbench.help} runs (jmeter/pom.xml, profile
	 * {@code bench-help}) instead of the bench.
	 * @param args ignored
	 */
	public static void main(String[] args) {
		System.out.print(text());
	}

	/**
	 * Returns the listing {@code -Dbench.help} prints: every setting with its type,
	 * defaults per profile, accepted values and help, then the blocks of each profile.
	 * @return the listing, lines ending in {@code \n}
	 */
	public static String text() {
		StringBuilder text = new StringBuilder();
		text.append("Bench settings: -D<name>=<value> on the Maven command line, e.g. ./mvnw verify -Pbench ")
			.append("-Dbench.stacks=mvc,webflux\n")
			.append("(the matrix properties are axes: a value replaces that axis in every block of the profile, ")
			.append("and the default names the blocks it reshapes)\n");
		String group = null;
		for (Setting<?> setting : SettingsTable.ALL) {
			if (!setting.group().equals(group)) {
				group = setting.group();
				text.append('\n').append(group).append('\n');
			}
			text.append("  ")
				.append(setting.name())
				.append(" (")
				.append(setting.isAxis() ? "axis, " : "")
				.append(setting.type())
				.append("): ")
				.append(setting.help())
				.append('\n')
				.append("      accepted: ")
				.append(setting.accepted())
				.append('\n');
			if (sameForEveryProfile(setting)) {
				text.append("      default:  ").append(setting.defaultFor(BenchProfile.SMOKE)).append('\n');
			}
			else {
				for (BenchProfile profile : BenchProfile.ALL) {
					text.append("      ")
						.append(String.format("%-9s", profile.id() + ":"))
						.append(' ')
						.append(setting.defaultFor(profile))
						.append('\n');
				}
			}
		}
		text.append("\nThe blocks of each profile (").append(axisNames()).append("):\n");
		for (List<String> row : blockRows()) {
			text.append("  ").append(String.join(" | ", row)).append('\n');
		}
		return text.toString();
	}

	/**
	 * Returns the README's generated section, markers included.
	 * @return the section, lines ending in {@code \n}
	 */
	public static String markdown() {
		StringBuilder md = new StringBuilder();
		md.append(BEGIN).append('\n');
		md.append("Generated from `SettingsTable` (regenerate with `").append(REGENERATE).append("`). ");
		md.append("`-Dbench.help` prints the same. An axis property (type *axis*) replaces that axis in **every** ");
		md.append("block of the profile; its default names the blocks (A, B, …, listed below) it reshapes.\n\n");
		md.append("| property | type | default | accepted | what it sets |\n|---|---|---|---|---|\n");
		for (Setting<?> setting : SettingsTable.ALL) {
			md.append("| `")
				.append(setting.name())
				.append("` | ")
				.append(setting.isAxis() ? "axis: " : "")
				.append(setting.type())
				.append(" | ")
				.append(cell(defaults(setting)))
				.append(" | ")
				.append(cell(setting.accepted()))
				.append(" | ")
				.append(cell(setting.help()))
				.append(" |\n");
		}
		md.append("\nThe blocks of each profile:\n\n");
		List<List<String>> rows = blockRows();
		md.append("| ").append(String.join(" | ", rows.get(0))).append(" |\n");
		md.append("|").append("---|".repeat(rows.get(0).size())).append('\n');
		for (List<String> row : rows.subList(1, rows.size())) {
			md.append("| ")
				.append(row.stream().map(SettingsHelp::cell).collect(Collectors.joining(" | ")))
				.append(" |\n");
		}
		md.append(END).append('\n');
		return md.toString();
	}

	/**
	 * Replaces the generated section of a README.
	 * @param readme the README's text
	 * @return the text with a current section
	 * @throws BenchConfigException when the README lacks the markers
	 */
	static String withTable(String readme) {
		int begin = readme.indexOf(BEGIN);
		int end = readme.indexOf(END);
		if (begin < 0 || end < begin) {
			throw new BenchConfigException("the README has no generated settings section: add the lines " + BEGIN
					+ " and " + END + " where it goes");
		}
		return readme.substring(0, begin) + markdown() + readme.substring(end + END.length() + 1);
	}

	/**
	 * Returns the generated section of a README as it stands.
	 * @param readme the README's text
	 * @return the section, markers included, or an empty string without markers
	 */
	static String currentTable(String readme) {
		int begin = readme.indexOf(BEGIN);
		int end = readme.indexOf(END);
		return (begin < 0 || end < begin) ? "" : readme.substring(begin, end + END.length() + 1);
	}

	private static String defaults(Setting<?> setting) {
		if (sameForEveryProfile(setting)) {
			return setting.defaultFor(BenchProfile.SMOKE);
		}
		return BenchProfile.ALL.stream()
			.map((profile) -> profile.id() + ": " + setting.defaultFor(profile))
			.collect(Collectors.joining("\n"));
	}

	private static boolean sameForEveryProfile(Setting<?> setting) {
		return BenchProfile.ALL.stream().map(setting::defaultFor).distinct().count() == 1;
	}

	/**
	 * A header row, then one row per block: profile, block, each axis's value or a dash.
	 */
	private static List<List<String>> blockRows() {
		List<Setting<?>> axes = blockAxes();
		List<List<String>> rows = new ArrayList<>();
		List<String> header = new ArrayList<>(List.of("profile", "block"));
		axes.forEach((axis) -> header.add(axis.name().substring("bench.".length())));
		rows.add(header);
		for (BenchProfile profile : BenchProfile.ALL) {
			for (int i = 0; i < profile.blocks().size(); i++) {
				MatrixBlock block = profile.blocks().get(i);
				List<String> row = new ArrayList<>(List.of(profile.id(), BenchProfile.blockName(i)));
				axes.forEach((setting) -> row
					.add(setting.axis().applies().test(block) ? setting.axis().shown().apply(block) : "–"));
				rows.add(row);
			}
		}
		return rows;
	}

	// the app's cores are left out: standard places them by the machine's core count
	private static List<Setting<?>> blockAxes() {
		return SettingsTable.axes().stream().filter((setting) -> setting != SettingsTable.APP_CPUS).toList();
	}

	private static String axisNames() {
		return blockAxes().stream()
			.map((setting) -> setting.name().substring("bench.".length()))
			.collect(Collectors.joining(", "));
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>");
	}

}
