package dev.twinstack.monitoring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stacks and the ports they listen on when started by hand, as the root README's
 * ports table gives them (a row per stack: {@code | `mvc` | 8080 | …}). The bench's tests
 * check that table against its list of stacks; monitoring's check their scrape config and
 * dashboard against it.
 */
final class StackPorts {

	static final Path README = Path.of("..", "README.md");

	private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z][a-z-]*)` \\| (\\d{4,5}) \\|");

	private StackPorts() {
	}

	/**
	 * Reads the README's ports table.
	 * @return port by stack id, in the table's order
	 * @throws IOException when the README cannot be read
	 */
	static Map<String, Integer> fromReadme() throws IOException {
		return parse(Files.readString(README));
	}

	static Map<String, Integer> parse(String markdown) {
		Map<String, Integer> ports = new LinkedHashMap<>();
		Matcher row = ROW.matcher(markdown);
		while (row.find()) {
			ports.put(row.group(1), Integer.valueOf(row.group(2)));
		}
		return ports;
	}

}
