package dev.twinstack.bench.queueing;

/**
 * Exact results of two queues with known closed forms, to test the model against.
 */
final class ExactQueues {

	private ExactQueues() {
	}

	/**
	 * The finite-source M/M/m//N queue (the "machine repairman"): N clients that think Z
	 * each, one centre of m servers and demand D. With k clients at the centre they
	 * arrive at (N − k) / Z and leave at min(k, m) / D: p(k) ∝ Π_{i<k} ((N − i) / Z) /
	 * (min(i + 1, m) / D).
	 * @return throughput (req/s)
	 */
	static double finiteSourceThroughput(int servers, double demandMs, double thinkMs, int clients) {
		double[] logWeight = new double[clients + 1];
		double max = 0;
		for (int k = 1; k <= clients; k++) {
			logWeight[k] = logWeight[k - 1] + Math.log((clients - k + 1) / thinkMs)
					- Math.log(Math.min(k, servers) / demandMs);
			max = Math.max(max, logWeight[k]);
		}
		double sum = 0;
		double perMs = 0;
		for (int k = 0; k <= clients; k++) {
			double weight = Math.exp(logWeight[k] - max);
			sum += weight;
			perMs += weight * Math.min(k, servers) / demandMs;
		}
		return perMs / sum * 1000;
	}

	/**
	 * The open M/M/m queue: R = D + C(m, a) · D / (m (1 − ρ)), C the Erlang C formula
	 * (the probability of waiting), a = m ρ.
	 * @return response time (ms)
	 */
	static double openResponseMs(int servers, double demandMs, double utilisation) {
		double offered = servers * utilisation;
		double term = 1;
		double sum = 0;
		for (int k = 0; k < servers; k++) {
			sum += term;
			term *= offered / (k + 1);
		}
		double last = term / (1 - utilisation);
		double waiting = last / (sum + last);
		return demandMs + waiting * demandMs / (servers * (1 - utilisation));
	}

}
