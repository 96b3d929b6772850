package dev.twinstack.bench.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.settings.Machine;

/**
 * The settings that cap an app under load (thread caps, pool sizes, timeouts), as it ran:
 * its {@code application.yml} (read from its jar) overridden by the bench's command-line
 * arguments ({@code --name=value}), plus the library defaults no file sets.
 */
public final class AppConfig {

	/** The properties reported, when the app's configuration sets them. */
	static final List<String> PROPERTIES = List.of("server.tomcat.threads.max", "server.tomcat.max-connections",
			"server.tomcat.accept-count", "spring.task.execution.pool.max-size", "spring.threads.virtual.enabled",
			Stack.APP_STACK_PROPERTY, "app.downstream.max-connections", "app.downstream.timeout",
			"app.downstream.connect-timeout", "app.database.timeout");

	private AppConfig() {
	}

	/**
	 * Reads the settings of an app.
	 * @param stack the app's stack
	 * @param jar its jar
	 * @param args the command-line arguments it ran with
	 * @param launcher the {@code java} it ran on
	 * @return the settings, by property name, in {@link #PROPERTIES} order, then the
	 * defaults
	 */
	public static Map<String, String> of(Stack stack, Path jar, List<String> args, Path launcher) {
		JsonNode yaml = readYaml(jar);
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("JVM", launcher.toString());
		for (String property : PROPERTIES) {
			String value = argument(args, property);
			if (value == null && yaml != null) {
				JsonNode node = yaml.at("/" + property.replace('.', '/'));
				value = (node.isValueNode()) ? node.asText() : null;
			}
			if (value != null) {
				settings.put(property, value);
			}
		}
		String mongoUri = argument(args, "spring.mongodb.uri");
		settings.put("MongoDB driver pool (maxPoolSize)", (mongoUri != null && mongoUri.contains("maxPoolSize="))
				? mongoUri.replaceAll(".*maxPoolSize=(\\d+).*", "$1") : "100 (driver default)");
		if (stack.eventLoop()) {
			settings.put("Reactor Netty event-loop threads",
					Math.max(4, Machine.cores()) + " (default: max(4, cores))");
		}
		return settings;
	}

	private static String argument(List<String> args, String property) {
		String prefix = "--" + property + "=";
		String value = null;
		for (String arg : args) {
			if (arg.startsWith(prefix)) {
				value = arg.substring(prefix.length());
			}
		}
		return value;
	}

	private static JsonNode readYaml(Path jar) {
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			ZipEntry entry = zip.getEntry("BOOT-INF/classes/application.yml");
			if (entry == null) {
				return null;
			}
			try (InputStream in = zip.getInputStream(entry)) {
				return new YAMLMapper().readTree(in);
			}
		}
		catch (IOException ex) {
			return null;
		}
	}

}
