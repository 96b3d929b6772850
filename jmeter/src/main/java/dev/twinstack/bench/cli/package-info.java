/**
 * The bench's command-line tools on top of everything: {@code render}, {@code project},
 * {@code compare} and {@code publish}, each a picocli command over a finished run's
 * folder.
 */
package dev.twinstack.bench.cli;
