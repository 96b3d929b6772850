package dev.twinstack.mvc.config;

import java.time.Duration;

import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How long to wait for MongoDB ({@code app.database.*}).
 *
 * @param timeout longest time to find a server, connect, wait for a pooled connection or
 * wait for an answer; beyond it the endpoint answers 503
 */
@ConfigurationProperties("app.database")
@Validated
public record DatabaseProperties(@NotNull @DurationMin(millis = 1) Duration timeout) {

}
