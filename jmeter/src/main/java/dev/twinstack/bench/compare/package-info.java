/**
 * Compares two bench runs' results.json cell by cell and renders it, for the compare
 * command.
 */
package dev.twinstack.bench.compare;
