package dev.twinstack.mocks;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the embedded MongoDB keeps its documents.
 * <ul>
 * <li>{@link Kind#MEMORY}: mongo-java-server's memory backend, fastest, about 16 KB of
 * heap per stored profile (each document a tree of {@code LinkedHashMap}s with its own
 * key strings): a 2 GB heap is full after about 100,000 documents;</li>
 * <li>{@link Kind#DISK}: its H2 MVStore backend on a file, documents serialized and
 * compressed on disk and only a bounded page cache on the heap: holds long runs;</li>
 * <li>{@link Kind#NONE}: no MongoDB at all, for apps that store into a MongoDB of their
 * own (the bench's {@code bench.mongoUri}).</li>
 * </ul>
 * Text forms accepted by {@link #parse(String)}: {@value #ACCEPTED_FORMS}.
 *
 * @param kind memory or disk
 * @param file the MVStore file of {@link Kind#DISK}, kept after the process ends;
 * {@code null} for a temporary file deleted when MongoDB stops (and always for
 * {@link Kind#MEMORY})
 */
public record MongoStorage(Kind kind, Path file) {

	/** The accepted text forms, as shown in error messages. */
	public static final String ACCEPTED_FORMS = "memory, disk (a temporary file, deleted at exit), "
			+ "disk:<file> (e.g. disk:/var/tmp/mocks.mv.db, kept and reopened) or none (no MongoDB)";

	/**
	 * In the heap: the tests' and the bench's storage (the bench drops what it stored).
	 */
	public static final MongoStorage MEMORY = new MongoStorage(Kind.MEMORY, null);

	/** On a temporary file deleted when MongoDB stops: the standalone default. */
	public static final MongoStorage DISK = new MongoStorage(Kind.DISK, null);

	/** No embedded MongoDB: the apps store into another one. */
	public static final MongoStorage NONE = new MongoStorage(Kind.NONE, null);

	/** The two backends. */
	public enum Kind {

		/** mongo-java-server's memory backend. */
		MEMORY,

		/** mongo-java-server's H2 MVStore backend on a file. */
		DISK,

		/** No MongoDB started. */
		NONE

	}

	public MongoStorage {
		Objects.requireNonNull(kind, "kind");
		if (kind != Kind.DISK && file != null) {
			throw new IllegalArgumentException(
					kind.name().toLowerCase(Locale.ROOT) + " storage has no file, got " + file);
		}
	}

	/**
	 * Parses the text form: {@code memory}, {@code disk} or {@code disk:<file>}.
	 * @param text the text to parse
	 * @return the storage
	 * @throws IllegalArgumentException naming the accepted forms when the text is none of
	 * them
	 */
	public static MongoStorage parse(String text) {
		String trimmed = (text != null) ? text.trim() : "";
		String lower = trimmed.toLowerCase(Locale.ROOT);
		if (lower.equals("memory")) {
			return MEMORY;
		}
		if (lower.equals("disk")) {
			return DISK;
		}
		if (lower.equals("none")) {
			return NONE;
		}
		if (lower.startsWith("disk:") && trimmed.length() > "disk:".length()) {
			try {
				return new MongoStorage(Kind.DISK, Path.of(trimmed.substring("disk:".length())));
			}
			catch (InvalidPathException ex) {
				throw invalid(text, ex.getMessage());
			}
		}
		throw invalid(text, null);
	}

	private static IllegalArgumentException invalid(String text, String reason) {
		return new IllegalArgumentException("MongoDB storage must be " + ACCEPTED_FORMS + ", got '" + text + "'"
				+ ((reason != null) ? " (" + reason + ")" : ""));
	}

	@Override
	public String toString() {
		if (this.kind != Kind.DISK) {
			return this.kind.name().toLowerCase(Locale.ROOT);
		}
		return (this.file != null) ? "disk:" + this.file : "disk";
	}

}
