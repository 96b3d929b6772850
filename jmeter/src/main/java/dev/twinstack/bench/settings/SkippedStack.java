package dev.twinstack.bench.settings;

/**
 * A requested stack the bench could not run.
 *
 * @param stack the stack
 * @param reason why, for the report
 */
public record SkippedStack(Stack stack, String reason) {

}
