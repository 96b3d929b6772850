package dev.twinstack.monitoring;

import java.time.Instant;

/**
 * One reading of an app's JVM metrics, taken through its Actuator {@code metrics}
 * endpoint.
 *
 * @param time when the reading was taken (the sampler's clock)
 * @param heapUsedBytes Micrometer {@code jvm.memory.used{area=heap}}, in bytes
 * @param heapCommittedBytes Micrometer {@code jvm.memory.committed{area=heap}}, in bytes
 * @param liveThreads Micrometer {@code jvm.threads.live}: platform threads alive (daemon
 * and non-daemon)
 */
public record MetricsSample(Instant time, double heapUsedBytes, double heapCommittedBytes, double liveThreads) {

}
