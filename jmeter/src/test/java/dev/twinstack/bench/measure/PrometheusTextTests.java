package dev.twinstack.bench.measure;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Reads Prometheus' text format as the apps write it, and the probe's columns from real
 * scrapes of both apps.
 */
class PrometheusTextTests {

	@Test
	void readsLabelsHoldingBracesCommasAndEscapedQuotes() {
		PrometheusText page = PrometheusText
			.parse("""
					# HELP http_server_requests_seconds
					# TYPE http_server_requests_seconds summary
					http_server_requests_seconds_count{error="none",method="POST",outcome="SUCCESS",status="201",uri="/profiles/{customerId}"} 600
					http_server_requests_seconds_count{method="GET",status="404",uri="/a,b=\\"c\\"}"} 2
					jvm_gc_pause_seconds_count{action="end of minor GC",cause="Allocation Failure",gc="Copy"} 12.0
					jvm_gc_pause_seconds_count{action="end of major GC",cause="System.gc()",gc="MarkSweepCompact"} 3 1732435200000
					process_uptime_seconds 42.5
					jvm_memory_max_bytes{area="nonheap",id="Compressed Class Space"} -1.0
					weird_gauge NaN
					""");

		assertThat(page.sum("http_server_requests_seconds_count", "uri", "/profiles/{customerId}")).isEqualTo(600);
		assertThat(page.sum("http_server_requests_seconds_count", "uri", "/a,b=\"c\"}")).isEqualTo(2);
		assertThat(page.sum("jvm_gc_pause_seconds_count")).isEqualTo(15);
		assertThat(page.sum("process_uptime_seconds")).isEqualTo(42.5);
		assertThat(page.sum("jvm_memory_max_bytes")).isEqualTo(-1);
		assertThat(page.sum("weird_gauge")).isNaN();
		assertThat(page.sum("no_such_metric")).isNaN();
		assertThat(page.samples().get(0).labels()).containsEntry("status", "201").hasSize(5);
	}

	@Test
	void refusesALineThatIsNoSampleNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> PrometheusText.parse("jvm_threads{state=\"x} 1"))
			.withMessageContaining("jvm_threads{state=\"x} 1");
		assertThatIllegalArgumentException().isThrownBy(() -> PrometheusText.parse("jvm_threads_live many"))
			.withMessageContaining("value 'many'");
	}

	@Test
	void readsTheProbesColumnsFromRealScrapesOfBothApps() throws IOException {
		double[] mvc = PrometheusProbe.values(PrometheusText.parse(GcCostTests.fixture("mvc-prometheus-after.txt")),
				GcCostTests.URI);
		double[] webflux = PrometheusProbe
			.values(PrometheusText.parse(GcCostTests.fixture("webflux-prometheus-after.txt")), GcCostTests.URI);
		Map<String, Integer> column = new java.util.HashMap<>();
		for (int i = 0; i < PrometheusProbe.COLUMNS.size(); i++) {
			column.put(PrometheusProbe.COLUMNS.get(i), i);
		}
		for (double[] app : new double[][] { mvc, webflux }) {
			assertThat(app[column.get("app_gc_allocated_bytes")]).isGreaterThan(1e6);
			assertThat(app[column.get("app_gc_count")]).isGreaterThan(0);
			assertThat(app[column.get("app_served")]).isEqualTo(620);
			assertThat(app[column.get("app_mongo_pool_wait")]).isZero();
			assertThat(app[column.get("app_mongo_pool_checkedout")]).isZero();
			assertThat(app[column.get("app_client_pending")]).isZero();
		}
		// Tomcat's busy threads need server.tomcat.mbeanregistry.enabled, which mvc-app
		// leaves off; webflux-app
		// has no Tomcat
		assertThat(mvc[column.get("app_tomcat_busy")]).isNaN();
		assertThat(webflux[column.get("app_tomcat_busy")]).isNaN();
		// the allocation counter plus the eden in use: mvc 216,006,656 + 25,165,824 bytes
		assertThat(mvc[column.get("app_gc_allocated_bytes")]).isEqualTo(216_006_656.0 + 25_165_824.0);
		assertThat(mvc[column.get("app_gc_count")]).isEqualTo(2);
		assertThat(mvc[column.get("app_gc_seconds")]).isCloseTo(0.091, org.assertj.core.api.Assertions.within(1e-9));
	}

}
