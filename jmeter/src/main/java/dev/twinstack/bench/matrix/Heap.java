package dev.twinstack.bench.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The heap an app runs with: {@code default} (the JVM options as configured by
 * {@code bench.appJvmArgs}) or a limit such as {@code 64m}, which replaces any
 * {@code -Xms}/{@code -Xmx} of those options with {@code -Xms64m -Xmx64m} (a fixed heap,
 * so resizing does not blur the figures).
 *
 * @param id {@code default} or a size with a unit, e.g. {@code 64m}, {@code 1g}
 */
public record Heap(String id) {

	/** The configured JVM options, unchanged. */
	public static final Heap DEFAULT = new Heap("default");

	/** The accepted forms, for error messages. */
	public static final String FORMS = "default or a size from 16m to 64g such as 64m, 128m, 1g";

	private static final Pattern SIZE = Pattern.compile("(\\d{1,5})([mg])");

	/**
	 * Parses a heap.
	 * @param text {@code default}, or a size such as {@code 64m}
	 * @return the heap, or {@code null} when the text is not accepted
	 */
	public static Heap parse(String text) {
		if (DEFAULT.id.equals(text)) {
			return DEFAULT;
		}
		Matcher matcher = SIZE.matcher(text);
		if (!matcher.matches()) {
			return null;
		}
		long mb = Long.parseLong(matcher.group(1)) * (matcher.group(2).equals("g") ? 1024 : 1);
		return (mb >= 16 && mb <= 64 * 1024) ? new Heap(text) : null;
	}

	/**
	 * Tells whether this is the configured default.
	 * @return {@code true} for {@code default}
	 */
	public boolean isDefault() {
		return this.equals(DEFAULT);
	}

	/**
	 * Returns the app's JVM options under this heap.
	 * @param configured the configured options ({@code bench.appJvmArgs})
	 * @return the options, with the heap size replaced unless this is the default
	 */
	public List<String> jvmArgs(List<String> configured) {
		if (isDefault()) {
			return configured;
		}
		List<String> args = new ArrayList<>();
		configured.stream().filter((arg) -> !arg.startsWith("-Xmx") && !arg.startsWith("-Xms")).forEach(args::add);
		args.add("-Xms" + this.id);
		args.add("-Xmx" + this.id);
		return List.copyOf(args);
	}

	@Override
	@JsonValue
	public String toString() {
		return this.id;
	}

}
