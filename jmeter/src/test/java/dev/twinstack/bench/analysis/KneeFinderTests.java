package dev.twinstack.bench.analysis;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KneeFinderTests {

	@Test
	void kneeIsWhereMoreClientsStopBuyingThroughput() {
		List<KneeFinder.Point> mvc = List.of(new KneeFinder.Point(10, 33), new KneeFinder.Point(100, 330),
				new KneeFinder.Point(200, 640), new KneeFinder.Point(400, 660), new KneeFinder.Point(1000, 665));
		KneeFinder.Knee knee = KneeFinder.find(mvc).orElseThrow();
		assertThat(knee.concurrency()).isEqualTo(200);
		assertThat(knee.peakConcurrency()).isEqualTo(1000);
		List<KneeFinder.Point> linear = List.of(new KneeFinder.Point(400, 1300), new KneeFinder.Point(10, 33),
				new KneeFinder.Point(100, 330));
		assertThat(KneeFinder.find(linear).orElseThrow().concurrency()).isNull();
		assertThat(KneeFinder.find(linear.subList(0, 2))).isEmpty();
	}

}
