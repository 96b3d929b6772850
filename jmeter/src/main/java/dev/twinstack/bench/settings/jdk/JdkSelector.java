package dev.twinstack.bench.settings.jdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.BenchConfigException;
import dev.twinstack.bench.settings.SettingsTable;

/**
 * Chooses the one JDK every JVM of a bench runs on, in this order:
 * <ol>
 * <li>{@code -Dbench.javaHome}, as given (an error when it is not a JDK);</li>
 * <li>{@code JAVA_HOME}, when it is a JDK 21 or newer;</li>
 * <li>the newest JDK 21 or newer in the usual install folders ({@code /usr/lib/jvm/*},
 * {@code ~/.sdkman/candidates/java/*}, {@code /opt/java/*},
 * {@code /Library/Java/JavaVirtualMachines/* /Contents/Home});</li>
 * <li>{@code JAVA_HOME} older than 21, else the JVM running the bench (Maven's): then
 * {@code mvc-vt} and {@code webflux-vt} cannot run and are skipped, with the reason in
 * the report.</li>
 * </ol>
 * A {@code JAVA_HOME} older than 21 is passed over in favour of a newer JDK because the
 * Maven wrapper and CI images set it to the build JDK, which says nothing about the JDK
 * the bench should measure; pin any JDK with {@code -Dbench.javaHome}.
 */
public final class JdkSelector {

	private final String javaHomeProperty;

	private final String javaHomeEnv;

	private final List<Path> searchRoots;

	private final Path runningJavaHome;

	/**
	 * Creates a selector.
	 * @param javaHomeProperty the value of {@code bench.javaHome}, or {@code null}
	 * @param javaHomeEnv the value of {@code JAVA_HOME}, or {@code null}
	 * @param searchRoots folders whose subfolders may be JDKs
	 * @param runningJavaHome {@code java.home} of the running JVM
	 */
	public JdkSelector(String javaHomeProperty, String javaHomeEnv, List<Path> searchRoots, Path runningJavaHome) {
		this.javaHomeProperty = blankToNull(javaHomeProperty);
		this.javaHomeEnv = blankToNull(javaHomeEnv);
		this.searchRoots = List.copyOf(searchRoots);
		this.runningJavaHome = runningJavaHome;
	}

	/**
	 * A selector for this machine: {@code JAVA_HOME} from the environment, the usual
	 * install folders, this JVM's {@code java.home}.
	 * @param javaHomeProperty the value of {@code bench.javaHome}, or {@code null}
	 * @return the selector
	 */
	public static JdkSelector forThisMachine(String javaHomeProperty) {
		Path userHome = Path.of(System.getProperty("user.home"));
		List<Path> roots = List.of(Path.of("/usr/lib/jvm"), userHome.resolve(".sdkman/candidates/java"),
				Path.of("/opt/java"), Path.of("/Library/Java/JavaVirtualMachines"));
		return new JdkSelector(javaHomeProperty, System.getenv("JAVA_HOME"), roots,
				Path.of(System.getProperty("java.home")));
	}

	/**
	 * Chooses the JDK.
	 * @return the JDK
	 * @throws BenchConfigException when {@code bench.javaHome} is not a JDK
	 */
	public Jdk select() {
		if (this.javaHomeProperty != null) {
			return Jdk.read(Path.of(this.javaHomeProperty), "-Dbench.javaHome")
				.orElseThrow(() -> BenchConfigException.invalid(SettingsTable.JAVA_HOME.name(), this.javaHomeProperty,
						SettingsTable.JAVA_HOME.accepted()));
		}
		Optional<Jdk> env = Optional.ofNullable(this.javaHomeEnv)
			.flatMap((home) -> Jdk.read(Path.of(home), "JAVA_HOME"));
		if (env.isPresent() && env.get().feature() >= Stack.VIRTUAL_THREADS_JAVA) {
			return env.get();
		}
		Optional<Jdk> newest = installed().stream()
			.filter((jdk) -> jdk.feature() >= Stack.VIRTUAL_THREADS_JAVA)
			.max(Comparator.<Jdk>comparingInt(Jdk::feature)
				.thenComparing((Jdk a, Jdk b) -> compareVersions(a.version(), b.version())));
		if (newest.isPresent()) {
			return newest.get();
		}
		if (env.isPresent()) {
			return env.get();
		}
		return Jdk.read(this.runningJavaHome, "the Maven JVM")
			.orElseGet(() -> new Jdk(this.runningJavaHome, System.getProperty("java.version"),
					Runtime.version().feature(), System.getProperty("java.vendor"), "the Maven JVM"));
	}

	/**
	 * Returns the JDKs found in the search folders (macOS bundles through
	 * {@code Contents/Home}).
	 * @return the JDKs, in folder order
	 */
	public List<Jdk> installed() {
		List<Jdk> found = new ArrayList<>();
		for (Path root : this.searchRoots) {
			if (!Files.isDirectory(root)) {
				continue;
			}
			try (Stream<Path> children = Files.list(root)) {
				for (Path child : children.sorted().toList()) {
					String source = "newest JDK >= " + Stack.VIRTUAL_THREADS_JAVA + " in " + root;
					Jdk.read(child, source)
						.or(() -> Jdk.read(child.resolve("Contents/Home"), source))
						.ifPresent(found::add);
				}
			}
			catch (IOException ex) {
				// an unreadable folder holds no usable JDK
			}
		}
		return found;
	}

	/** Compares versions such as 21.0.2 and 21.0.10 number by number. */
	public static int compareVersions(String left, String right) {
		String[] a = left.split("[.+_-]");
		String[] b = right.split("[.+_-]");
		for (int i = 0; i < Math.min(a.length, b.length); i++) {
			int compared = (a[i].matches("\\d{1,9}") && b[i].matches("\\d{1,9}"))
					? Integer.compare(Integer.parseInt(a[i]), Integer.parseInt(b[i])) : a[i].compareTo(b[i]);
			if (compared != 0) {
				return compared;
			}
		}
		return Integer.compare(a.length, b.length);
	}

	private static String blankToNull(String value) {
		return (value == null || value.isBlank()) ? null : value.trim();
	}

}
