/**
 * The bench, one package per capability. Dependencies point one way, from the top:
 * {@code run} (and {@code cli} → {@code compare}) → {@code report} → {@code results} →
 * {@code analysis} (and {@code queueing}) and {@code faults} → {@code measure} →
 * {@code load} → {@code process} → {@code console} and {@code settings} → {@code matrix};
 * records carry the data between them, and every package may use {@code text}.
 * {@code ArchitectureTests} checks it.
 */
package dev.twinstack.bench;
