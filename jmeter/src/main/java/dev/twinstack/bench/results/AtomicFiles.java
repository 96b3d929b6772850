package dev.twinstack.bench.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes files atomically: to a temporary file in the same folder, then moved into place,
 * so a reader never sees half a file. The files are world-readable ({@code rw-r--r--}): a
 * temporary file is created private, a report is not.
 */
public final class AtomicFiles {

	private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

	private AtomicFiles() {
	}

	/**
	 * Writes a text file (UTF-8) atomically, creating its folder.
	 * @param file the file
	 * @param content its text
	 * @throws java.io.UncheckedIOException when it cannot be written
	 */
	public static void write(Path file, String content) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName() + ".", ".tmp");
			try {
				Files.writeString(temp, content, StandardCharsets.UTF_8);
				PosixFileAttributeView posix = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
				if (posix != null) {
					posix.setPermissions(READABLE);
				}
				try {
					Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
				}
				catch (AtomicMoveNotSupportedException ex) {
					Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
				}
			}
			finally {
				Files.deleteIfExists(temp);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + file, ex);
		}
	}

}
