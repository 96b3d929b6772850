package dev.twinstack.bench.queueing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One process a request crosses, as a station of the closed network: its visits per
 * request and its CPU per request over them, on the CPU centre of the cores it runs on. A
 * composite request crosses the app on each hop (the request, each downstream call, the
 * insert, the answer), JMeter twice (send, receive) and mock-services once per stub call
 * and once for the insert.
 * <p>
 * Mean value analysis takes a centre's visits V and service time per visit S only as
 * their product, the demand D = V · S (Lazowska, Zahorjan, Graham and Sevcik,
 * <i>Quantitative System Performance</i>, 1984, ch. 6–7: R<sub>k</sub>(n) = V<sub>k</sub>
 * S<sub>k</sub> (1 + Q<sub>k</sub>(n − 1))). Stations on the same cores share one queue,
 * so their centre's demand is the sum of theirs, and each station's residence is its
 * share of the centre's, R<sub>s</sub> = R<sub>k</sub> · D<sub>s</sub> / D<sub>k</sub>: a
 * request waits on each visit as long as any other visit to those cores. More visits of a
 * smaller burst change neither the throughput nor the mean latency; they show where the
 * wait falls.
 *
 * @param name the process, e.g. {@code JMeter}
 * @param centre the CPU centre of the cores it runs on, e.g.
 * {@value StackDemands#HARNESS_CPU}
 * @param visits its CPU bursts per request, at least 1
 * @param demandMs its CPU per request, all visits together (ms)
 */
public record Station(String name, String centre, int visits, double demandMs) {

	public Station {
		if (visits < 1 || !(demandMs >= 0) || Double.isInfinite(demandMs)) {
			throw new IllegalArgumentException("station '" + name + "': " + visits + " visits, " + demandMs
					+ " ms; expected 1 visit or more and a finite demand >= 0 ms");
		}
	}

	/**
	 * What one request spends at a station, predicted.
	 *
	 * @param station the station
	 * @param residenceMs the time at the station, all visits together: CPU and waiting
	 * for it (ms)
	 * @param perVisitMs the time per visit (ms)
	 * @param waitPerVisitMs the wait for the cores per visit, beyond the CPU burst itself
	 * (ms)
	 */
	public record Residence(Station station, double residenceMs, double perVisitMs, double waitPerVisitMs) {
	}

	/**
	 * The centres the stations make: one per set of cores, its demand the sum of its
	 * stations'.
	 * @param stations the stations
	 * @param servers the cores of each centre, by its name
	 * @return the queueing centres, in the order of their first station
	 */
	public static List<Centre> centres(List<Station> stations, Map<String, Integer> servers) {
		Map<String, Double> demands = new LinkedHashMap<>();
		stations.forEach((s) -> demands.merge(s.centre(), s.demandMs(), Double::sum));
		List<Centre> centres = new ArrayList<>();
		demands.forEach((name, demand) -> {
			Integer cores = servers.get(name);
			if (cores == null) {
				throw new IllegalArgumentException("no cores given for centre '" + name + "'; given: " + servers);
			}
			centres.add(Centre.queue(name, demand, cores));
		});
		return List.copyOf(centres);
	}

	/**
	 * Shares each centre's predicted residence among its stations.
	 * @param stations the stations
	 * @param prediction the model's prediction, with a load for each station's centre
	 * @return one residence per station, in order
	 */
	public static List<Residence> residences(List<Station> stations, Prediction prediction) {
		Map<String, Double> demands = new LinkedHashMap<>();
		stations.forEach((s) -> demands.merge(s.centre(), s.demandMs(), Double::sum));
		List<Residence> residences = new ArrayList<>(stations.size());
		for (Station station : stations) {
			Mva.Load load = prediction.loads()
				.stream()
				.filter((l) -> l.centre().equals(station.centre()))
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException(
						"no centre '" + station.centre() + "' in the prediction: " + prediction.loads()));
			double total = demands.get(station.centre());
			double residence = (total > 0) ? load.residenceMs() * station.demandMs() / total : 0;
			double perVisit = residence / station.visits();
			residences.add(new Residence(station, residence, perVisit,
					Math.max(0, perVisit - station.demandMs() / station.visits())));
		}
		return List.copyOf(residences);
	}

}
