/**
 * The run orchestration on top: runs the matrix cell by cell, records it, and writes the
 * report.
 */
package dev.twinstack.bench.run;
