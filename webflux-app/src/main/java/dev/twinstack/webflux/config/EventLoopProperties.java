package dev.twinstack.webflux.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How Reactor Netty's event loops are split between accepting connections and serving
 * them ({@code app.event-loops.*}).
 *
 * @param acceptThreads event-loop threads that only accept new connections (Reactor
 * Netty's "select" group, {@code reactor.netty.ioSelectCount}); {@code 0} accepts on the
 * worker loops, Reactor Netty's own default, where a connection opened while every worker
 * is busy waits in the kernel's accept queue (docs/design.md, "Measuring the apps")
 */
@ConfigurationProperties("app.event-loops")
@Validated
public record EventLoopProperties(@DefaultValue("1") @Min(0) @Max(64) int acceptThreads) {

}
