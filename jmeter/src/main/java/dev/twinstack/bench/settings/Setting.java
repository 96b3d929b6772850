package dev.twinstack.bench.settings;

import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.twinstack.bench.matrix.MatrixBlock;

/**
 * One {@code bench.*} property, declared once: what parses it, what its errors say, what
 * {@code -Dbench.help} lists and what the settings table of jmeter/README.md shows all
 * come from this declaration ({@link SettingsTable}).
 *
 * @param <T> the parsed value's type
 * @param name the system property, e.g. {@code bench.concurrency}
 * @param group the part of the settings it belongs to: {@code matrix}, {@code timing},
 * {@code downstream}, {@code JVMs}, {@code output} or {@code faults}
 * @param type the kind of value, e.g. {@code whole numbers}, {@code duration}
 * @param accepted what a value may be, read after "must be" in the error
 * @param help one line on what the property does
 * @param defaults the default under a profile: the value the bench runs with when the
 * property is not set, and how it is shown to the user
 * @param parser the value, or {@code null} when the text is not accepted (it may also
 * throw its own {@link BenchConfigException} when the reason needs more words)
 * @param axis how the property reshapes a profile's blocks, {@code null} when it is not a
 * matrix axis
 */
public record Setting<T>(String name, String group, String type, String accepted, String help, Default<T> defaults,
		Function<String, T> parser, Axis<T> axis) {

	/**
	 * The default of a property under a profile, typed, and the words the help and the
	 * README show for it: the one place a default is stated.
	 *
	 * @param <T> the parsed value's type
	 * @param value the value the bench runs with when the property is not set;
	 * {@code null} where there is none (an axis keeps the profile's blocks, an optional
	 * setting stays off)
	 * @param shown the default as shown to the user, e.g. {@code 5s}
	 */
	public record Default<T>(Function<BenchProfile, T> value, Function<BenchProfile, String> shown) {

		/**
		 * The same value under every profile, shown in words of its own.
		 * @param <T> the value's type
		 * @param value the value, {@code null} for none
		 * @param shown the value as shown to the user
		 * @return the default
		 */
		static <T> Default<T> of(T value, String shown) {
			return new Default<>((profile) -> value, (profile) -> shown);
		}

		/**
		 * A value per profile, shown as it is formatted.
		 * @param <T> the value's type
		 * @param value the value under a profile
		 * @param format the value in words
		 * @return the default
		 */
		static <T> Default<T> perProfile(Function<BenchProfile, T> value, Function<T, String> format) {
			return new Default<>(value, (profile) -> format.apply(value.apply(profile)));
		}

		/**
		 * No value of its own (an axis: the profile's blocks hold it), only words.
		 * @param <T> the value's type
		 * @param shown the default as shown to the user under a profile
		 * @return the default
		 */
		static <T> Default<T> shown(Function<BenchProfile, String> shown) {
			return new Default<>((profile) -> null, shown);
		}

	}

	/**
	 * How an axis property reshapes the blocks of a profile: it replaces that axis in
	 * every block, and it changes the cells of the blocks it {@code applies} to.
	 *
	 * @param <T> the parsed value's type
	 * @param shown the block's value of the axis, as shown to the user
	 * @param applies whether the axis changes the block's cells (e.g. the rates only
	 * change blocks with the open model)
	 * @param replace the block with the axis replaced
	 */
	public record Axis<T>(Function<MatrixBlock, String> shown, Predicate<MatrixBlock> applies,
			BiFunction<MatrixBlock, T, MatrixBlock> replace) {

	}

	/**
	 * Parses a value of this property.
	 * @param value the value, trimmed and not blank
	 * @return the parsed value
	 * @throws BenchConfigException naming the property, the value and what is accepted
	 */
	public T parse(String value) {
		T parsed = this.parser.apply(value);
		if (parsed == null) {
			throw BenchConfigException.invalid(this.name, value, this.accepted);
		}
		return parsed;
	}

	/**
	 * Reads this property.
	 * @param get the property lookup (blank values are {@code null})
	 * @return the parsed value, empty when the property is not set
	 * @throws BenchConfigException naming the property, the value and what is accepted
	 */
	public Optional<T> read(Function<String, String> get) {
		return Optional.ofNullable(get.apply(this.name)).map(this::parse);
	}

	/**
	 * Reads this property, or takes its declared default.
	 * @param get the property lookup (blank values are {@code null})
	 * @param profile the profile whose default applies
	 * @return the parsed value, else {@link #defaultValue}
	 * @throws BenchConfigException naming the property, the value and what is accepted
	 */
	public T read(Function<String, String> get, BenchProfile profile) {
		return read(get).orElseGet(() -> defaultValue(profile));
	}

	/**
	 * Tells whether this property is an axis of the matrix.
	 * @return {@code true} when it reshapes a profile's blocks
	 */
	public boolean isAxis() {
		return this.axis != null;
	}

	/**
	 * Returns the default under a profile, as shown to the user.
	 * @param profile the profile
	 * @return e.g. {@code 5s}
	 */
	public String defaultFor(BenchProfile profile) {
		return this.defaults.shown().apply(profile);
	}

	/**
	 * Returns the value the bench runs with under a profile when the property is not set.
	 * @param profile the profile
	 * @return the declared default, {@code null} where there is none
	 */
	public T defaultValue(BenchProfile profile) {
		return this.defaults.value().apply(profile);
	}

}
