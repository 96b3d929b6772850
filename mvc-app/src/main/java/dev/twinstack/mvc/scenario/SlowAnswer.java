package dev.twinstack.mvc.scenario;

/**
 * The slow service's answer to {@code GET /slow/{id}}, returned as it is by {@code GET
 * /scenarios/slow-io/{customerId}}.
 *
 * @param id the id asked for
 * @param waitedMs how long the slow service waited before answering (ms)
 */
public record SlowAnswer(long id, long waitedMs) {
}
