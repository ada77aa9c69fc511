/**
 * GPU probe and micro-benchmarks through JCuda, producing the calibration profiles that the training and serving
 * cost models consume (issue 7). Depends on {@code dev.sextant.model} only; never on JavaFX or the workspaces.
 */
package dev.sextant.gpu;
