/**
 * The matrix's vocabulary: stacks, scenarios and workloads, fanouts and transfers, heaps,
 * load models, the app's cores, the cartesian blocks of a profile and their cells.
 */
package dev.twinstack.bench.matrix;
