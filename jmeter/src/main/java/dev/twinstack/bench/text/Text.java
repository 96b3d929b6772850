package dev.twinstack.bench.text;

import java.util.Locale;

/**
 * Formats figures for the report, the console and the warnings, in the root locale, so
 * that a run's text reads the same on every machine (a German locale would write
 * {@code 1.234,5}).
 */
public final class Text {

	private Text() {
	}

	/**
	 * Formats like {@link String#format(String, Object...)}, in the root locale.
	 * @param format the format, e.g. {@code %.1f req/s}
	 * @param args the values it names
	 * @return the text
	 */
	public static String fmt(String format, Object... args) {
		return String.format(Locale.ROOT, format, args);
	}

	/**
	 * A whole count with thousands separators.
	 * @param value the count
	 * @return e.g. {@code 12,345}
	 */
	public static String count(long value) {
		return fmt("%,d", value);
	}

}
