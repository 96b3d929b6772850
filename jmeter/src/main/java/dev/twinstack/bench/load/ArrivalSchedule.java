package dev.twinstack.bench.load;

import java.time.Duration;
import java.util.Locale;

/**
 * The open model's arrivals, evenly spaced: a linear ramp of the rate from {@code first}
 * to {@code rate} over {@code rampSeconds}, then {@code rate} for {@code holdSeconds}
 * (like Gatling's {@code rampUsersPerSec} then {@code constantUsersPerSec}). Arrival k
 * (from 0) is due when the ramp's integral reaches k. The Java mirror of
 * {@link ArrivalTimer#SCRIPT}, which JMeter runs: same formula, same operations.
 *
 * @param rate the rate held after the ramp (req/s)
 * @param first the rate the ramp starts from (req/s)
 * @param rampSeconds the ramp's length (s)
 * @param holdSeconds the hold's length (s)
 */
public record ArrivalSchedule(double rate, double first, double rampSeconds, double holdSeconds) {

	/**
	 * Checks the schedule.
	 * @throws IllegalArgumentException when a rate is not positive or a length negative
	 */
	public ArrivalSchedule {
		if (!(rate > 0) || !(first > 0) || !(rampSeconds >= 0) || !(holdSeconds >= 0)) {
			throw new IllegalArgumentException("an arrival schedule needs rates > 0 req/s and lengths >= 0 s, got rate "
					+ rate + ", first " + first + ", ramp " + rampSeconds + " s, hold " + holdSeconds + " s");
		}
	}

	/**
	 * Returns the schedule of an open run: the ramp starts one step up, at
	 * {@code rate / rampUp} req/s (at least 1; the whole rate without a whole second of
	 * ramp-up), as the exported plans' does.
	 * @param rate the rate (req/s)
	 * @param rampUp the ramp-up
	 * @param hold the hold after it
	 * @return the schedule
	 */
	public static ArrivalSchedule of(double rate, Duration rampUp, Duration hold) {
		double ramp = rampUp.toMillis() / 1000.0;
		double first = Math.max(1, (ramp >= 1) ? rate / ramp : rate);
		return new ArrivalSchedule(rate, Math.min(first, rate), ramp, hold.toMillis() / 1000.0);
	}

	/**
	 * Returns the arrivals of the ramp (fractional).
	 * @return the ramp's integral of the rate
	 */
	double rampArrivals() {
		return (this.first + this.rate) / 2 * this.rampSeconds;
	}

	/**
	 * Returns the number of arrivals in the schedule.
	 * @return arrivals, the ramp's and the hold's, rounded
	 */
	public long total() {
		return Math.round(rampArrivals() + this.rate * this.holdSeconds);
	}

	/**
	 * Returns the number of arrivals in the hold, after the ramp.
	 * @return arrivals, rounded
	 */
	public long holdArrivals() {
		return total() - Math.round(rampArrivals());
	}

	/**
	 * Returns when arrival k is due, from the schedule's start (the first arrival's
	 * claim).
	 * @param k the arrival, from 0
	 * @return ms from the start
	 */
	public long offsetMs(long k) {
		double rampArrivals = rampArrivals();
		double a = (this.rampSeconds > 0) ? (this.rate - this.first) / this.rampSeconds : 0;
		double t = (k >= rampArrivals) ? this.rampSeconds + (k - rampArrivals) / this.rate
				: ((a == 0) ? k / this.first : (Math.sqrt(this.first * this.first + 2 * a * k) - this.first) / a);
		return Math.round(t * 1000);
	}

	/**
	 * Returns the timer's parameters ({@link ArrivalTimer}).
	 * @return {@code "rate first ramp hold"}, e.g. {@code "300.0 300.0 1.0 60.0"}
	 */
	String parameters() {
		return String.format(Locale.ROOT, "%s %s %s %s", this.rate, this.first, this.rampSeconds, this.holdSeconds);
	}

}
