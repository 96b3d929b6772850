/**
 * What reached MongoDB: the stored count against the acknowledged one, the
 * {@code profiles} collection emptied between cells, and the server that answered.
 */
package dev.twinstack.bench.measure.storage;
