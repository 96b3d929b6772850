package dev.twinstack.mocks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.github.tomakehurst.wiremock.standalone.MappingsSource;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.stubbing.StubMappings;

/**
 * The default stub mapping of one service, read once from a classpath resource (so it
 * works from a plain jar, a repackaged fat jar and the IDE alike). WireMock reloads it on
 * {@code resetToDefaultMappings()} and {@code resetAll()}; saving is not supported.
 */
final class ClasspathMappingsSource implements MappingsSource {

	private final String resource;

	private final String json;

	ClasspathMappingsSource(String resource) {
		this.resource = resource;
		this.json = read(resource);
		StubMapping.buildFrom(this.json); // fail at start, not on the first request
	}

	private static String read(String resource) {
		try (InputStream in = ClasspathMappingsSource.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("stub mapping '" + resource + "' is missing from the classpath");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read stub mapping '" + resource + "'", ex);
		}
	}

	@Override
	public void loadMappingsInto(StubMappings stubMappings) {
		// A fresh instance every time: WireMock mutates mappings and keys them by id.
		stubMappings.addMapping(StubMapping.buildFrom(this.json));
	}

	@Override
	public void save(List<StubMapping> stubMappings) {
		throw unsupported();
	}

	@Override
	public void save(StubMapping stubMapping) {
		throw unsupported();
	}

	@Override
	@SuppressWarnings("removal") // still abstract in WireMock 3.13
	public void remove(StubMapping stubMapping) {
		// Nothing is persisted, so nothing to remove.
	}

	@Override
	public void removeAll() {
		// Nothing is persisted, so nothing to remove.
	}

	private UnsupportedOperationException unsupported() {
		return new UnsupportedOperationException("stub mappings of " + this.resource + " are read-only");
	}

}
