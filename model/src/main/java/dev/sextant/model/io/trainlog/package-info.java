/**
 * Readers of the training logs people have: Megatron-LM and NeMo stdout logs, the Hugging Face Trainer's
 * {@code trainer_state.json}, TensorBoard event files, CSV exports (W&amp;B, MLflow) and JSON Lines of metrics. Each file
 * becomes a {@link dev.sextant.model.runhealth.TrainingLog.Segment}, streamed; several files of one run are merged by
 * step. Every error names the file and the line (or record) and field.
 */
package dev.sextant.model.io.trainlog;
