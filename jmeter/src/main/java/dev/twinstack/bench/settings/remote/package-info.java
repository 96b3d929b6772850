/**
 * What runs elsewhere (docs/distributed.md): apps started by hand
 * ({@code bench.targets}), a MongoDB of one's own ({@code bench.mongoUri}) and JMeter's
 * remote load engines ({@code bench.engines}).
 */
package dev.twinstack.bench.settings.remote;
