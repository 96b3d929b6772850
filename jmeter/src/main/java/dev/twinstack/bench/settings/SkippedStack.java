package dev.twinstack.bench.settings;

import dev.twinstack.bench.matrix.Stack;

/**
 * A requested stack the bench could not run.
 *
 * @param stack the stack
 * @param reason why, for the report
 */
public record SkippedStack(Stack stack, String reason) {

}
