package dev.twinstack.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

import dev.twinstack.bench.process.BenchException;

/**
 * A trial's JTL kept compressed once the bench has read it: gzip, which
 * {@code zcat samples.jtl.gz}, JMeter ({@code jmeter -g} after {@code gunzip}) and every
 * CSV tool read.
 */
public final class Jtl {

	private Jtl() {
	}

	/**
	 * Compresses a JTL into {@code <name>.gz} beside it and deletes the original once the
	 * copy is complete.
	 * @param jtl the JTL
	 * @return the compressed file
	 * @throws BenchException when it cannot be written (the original is then kept)
	 */
	public static Path compress(Path jtl) {
		Path gz = jtl.resolveSibling(jtl.getFileName() + ".gz");
		Path partial = jtl.resolveSibling(jtl.getFileName() + ".gz.part");
		try (InputStream in = Files.newInputStream(jtl);
				OutputStream outFile = Files.newOutputStream(partial);
				OutputStream out = new GZIPOutputStream(outFile, 1 << 16)) {
			in.transferTo(out);
		}
		catch (IOException ex) {
			throw new BenchException("Could not compress " + jtl + ": " + ex.getMessage(), ex);
		}
		try {
			Files.move(partial, gz, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			Files.delete(jtl);
		}
		catch (IOException ex) {
			throw new BenchException("Could not replace " + jtl + " by " + gz + ": " + ex.getMessage(), ex);
		}
		return gz;
	}

}
