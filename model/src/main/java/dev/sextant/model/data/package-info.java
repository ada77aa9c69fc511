/**
 * Data engineering on training corpora: exact and near-duplicate detection (MinHash over word n-gram shingles with
 * LSH banding, clusters by union-find), on the contamination scanner's readers and normalisation.
 */
package dev.sextant.model.data;
