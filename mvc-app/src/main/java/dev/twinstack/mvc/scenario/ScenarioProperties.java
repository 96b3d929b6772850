package dev.twinstack.mvc.scenario;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the extra benchmark scenarios ({@code app.scenarios.*}).
 *
 * @param payloadDir the folder {@code GET /scenarios/large-payload}'s file is written to
 * at startup (created when missing, the file replaced); {@code null} (the default) = a
 * new temporary folder, deleted at shutdown
 */
@ConfigurationProperties("app.scenarios")
public record ScenarioProperties(Path payloadDir) {

}
