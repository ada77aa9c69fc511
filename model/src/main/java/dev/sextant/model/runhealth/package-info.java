/**
 * Training-run health: a run's own metric log (loss, gradient norm, loss scale, step time), the anomalies in it
 * (spikes, non-finite values, divergence, stalls), what rolling back from each would cost, a rollback policy replayed
 * over the log, and a Monte Carlo of a whole run under hardware failures. Reading the log files is
 * {@code dev.sextant.model.io.trainlog}'s job; everything here works on the series it produced.
 */
package dev.sextant.model.runhealth;
