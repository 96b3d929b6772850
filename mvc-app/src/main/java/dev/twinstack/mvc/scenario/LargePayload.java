package dev.twinstack.mvc.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The static file of {@code GET /scenarios/large-payload}: {@value #SIZE} bytes (100 KB),
 * generated once at startup into {@code app.scenarios.payload-dir} or a new temporary
 * folder (deleted at shutdown). The bytes are the same on every run and in both stacks:
 * block {@code i} (32 bytes) is SHA-256 of the ASCII text
 * {@code twinstack:large-payload:<i>}, so they do not compress.
 */
@Component
class LargePayload implements DisposableBean {

	/** Size of the file (bytes). */
	static final int SIZE = 102_400;

	/** Name of the file in its folder. */
	static final String FILE_NAME = "large-payload-" + SIZE + ".bin";

	private static final Logger logger = LoggerFactory.getLogger(LargePayload.class);

	private final Path file;

	private final Path temporaryFolder;

	LargePayload(ScenarioProperties properties) {
		byte[] content = content();
		try {
			this.temporaryFolder = (properties.payloadDir() != null) ? null
					: Files.createTempDirectory("twinstack-payload-");
			Path folder = (properties.payloadDir() != null) ? Files.createDirectories(properties.payloadDir())
					: this.temporaryFolder;
			this.file = write(folder.toAbsolutePath().resolve(FILE_NAME), content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the large payload file into app.scenarios.payload-dir="
					+ properties.payloadDir() + " (empty = a temporary folder): " + ex.getMessage(), ex);
		}
		logger.info("Large payload: {} bytes in {} (SHA-256 {})", SIZE, this.file,
				HexFormat.of().formatHex(sha256(content)));
	}

	/**
	 * Returns the file's content, computed (not read from the file).
	 * @return {@value #SIZE} bytes
	 */
	static byte[] content() {
		MessageDigest sha256 = sha256Digest();
		ByteBuffer content = ByteBuffer.allocate(SIZE);
		for (int block = 0; content.hasRemaining(); block++) {
			byte[] digest = sha256.digest(("twinstack:large-payload:" + block).getBytes(StandardCharsets.US_ASCII));
			content.put(digest, 0, Math.min(digest.length, content.remaining()));
		}
		return content.array();
	}

	/** Writes the file atomically, so a reader never sees a partial file. */
	private static Path write(Path file, byte[] content) throws IOException {
		Path partial = Files.createTempFile(file.getParent(), FILE_NAME, ".partial");
		try {
			Files.write(partial, content);
			return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		finally {
			Files.deleteIfExists(partial);
		}
	}

	/**
	 * Returns the absolute path of the file.
	 * @return the file
	 */
	Path file() {
		return this.file;
	}

	/**
	 * Returns the size of the file.
	 * @return {@value #SIZE} (bytes)
	 */
	long size() {
		return SIZE;
	}

	/** Deletes the file and its folder when the folder is a temporary one. */
	@Override
	public void destroy() throws IOException {
		if (this.temporaryFolder != null) {
			Files.deleteIfExists(this.file);
			Files.deleteIfExists(this.temporaryFolder);
		}
	}

	static byte[] sha256(byte[] bytes) {
		return sha256Digest().digest(bytes);
	}

	private static MessageDigest sha256Digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java platform has SHA-256", ex);
		}
	}

}
