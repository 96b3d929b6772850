/**
 * The bench's command-line tools on top of everything: {@code render}, {@code project}
 * and {@code compare}, each a picocli command over a finished run's folder.
 */
package dev.twinstack.bench.cli;
