package dev.sextant.model.io.trainlog;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.IoFailures;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * TensorBoard event files ({@code events.out.tfevents.*}): TFRecord-framed {@code Event} messages ({@link TfRecords},
 * {@link EventMessages}), of which the scalar summaries are read: PyTorch's {@code SummaryWriter} writes them as
 * {@code simple_value}, TensorFlow 2's {@code tf.summary.scalar} as a one-element tensor of the {@code scalars} plugin.
 * Histograms, images, text and other plugins' tensors are passed over. The step is the event's; each scalar's tag is its
 * metric ({@code train/loss} is {@code loss}); the event's wall time is kept as {@code wall_time}.
 */
final class TensorBoardReader {

    private static final FieldDescriptor STEP = EventMessages.EVENT.findFieldByName("step");
    private static final FieldDescriptor WALL_TIME = EventMessages.EVENT.findFieldByName("wall_time");
    private static final FieldDescriptor SUMMARY = EventMessages.EVENT.findFieldByName("summary");
    private static final FieldDescriptor VALUES = SUMMARY.getMessageType().findFieldByName("value");
    private static final FieldDescriptor TAG = EventMessages.VALUE.findFieldByName("tag");
    private static final FieldDescriptor SIMPLE = EventMessages.VALUE.findFieldByName("simple_value");
    private static final FieldDescriptor TENSOR = EventMessages.VALUE.findFieldByName("tensor");
    private static final FieldDescriptor METADATA = EventMessages.VALUE.findFieldByName("metadata");

    private TensorBoardReader() {}

    static List<TrainingLog.Segment> read(Path file, CancellationToken cancel) {
        String name = TextInput.name(file);
        SegmentBuilder b = new SegmentBuilder(name);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            TfRecords records = new TfRecords(in, name);
            byte[] data;
            while ((data = records.next()) != null) {
                long record = records.record();
                if ((record & 0xFFFF) == 0) {
                    cancel.throwIfCancelled();
                }
                DynamicMessage event;
                try {
                    event = DynamicMessage.parseFrom(EventMessages.EVENT, data);
                } catch (InvalidProtocolBufferException e) {
                    throw new BadInputException(name, record, null, "not a TensorBoard event (" + e.getMessage() + ")");
                }
                if (!event.hasField(SUMMARY)) {
                    continue;
                }
                long step = (Long) event.getField(STEP);
                double wall = (Double) event.getField(WALL_TIME);
                if (wall > 0) {
                    b.add(MetricNames.WALL_TIME, step, wall, record);
                }
                DynamicMessage summary = (DynamicMessage) event.getField(SUMMARY);
                @SuppressWarnings("unchecked")
                List<DynamicMessage> values = (List<DynamicMessage>) summary.getField(VALUES);
                for (DynamicMessage v : values) {
                    String tag = (String) v.getField(TAG);
                    Double x = scalar(v);
                    if (x != null && !tag.isEmpty()) {
                        b.add(tag, step, x, record);
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw BadInputException.of(name, "no such file");
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        }
        return b.build();
    }

    /** A summary value's scalar, or null when it holds something else (a histogram, an image, a longer tensor). */
    static Double scalar(DynamicMessage v) {
        if (v.hasField(SIMPLE)) {
            return (double) (Float) v.getField(SIMPLE);
        }
        if (!v.hasField(TENSOR)) {
            return null;
        }
        if (v.hasField(METADATA)) {
            DynamicMessage meta = (DynamicMessage) v.getField(METADATA);
            FieldDescriptor pluginData = meta.getDescriptorForType().findFieldByName("plugin_data");
            if (meta.hasField(pluginData)) {
                DynamicMessage pd = (DynamicMessage) meta.getField(pluginData);
                String plugin = (String) pd.getField(pd.getDescriptorForType().findFieldByName("plugin_name"));
                if (!plugin.isEmpty() && !plugin.equals("scalars")) {
                    return null;
                }
            }
        }
        return tensorScalar((DynamicMessage) v.getField(TENSOR));
    }

    private static Double tensorScalar(DynamicMessage t) {
        Descriptor d = t.getDescriptorForType();
        FieldDescriptor shape = d.findFieldByName("tensor_shape");
        if (t.hasField(shape)) {
            DynamicMessage sh = (DynamicMessage) t.getField(shape);
            for (Object dim : (List<?>) sh.getField(sh.getDescriptorForType().findFieldByName("dim"))) {
                DynamicMessage dm = (DynamicMessage) dim;
                if ((Long) dm.getField(dm.getDescriptorForType().findFieldByName("size")) != 1) {
                    return null; // not a scalar
                }
            }
        }
        int dtype = (Integer) t.getField(d.findFieldByName("dtype"));
        for (String repeated : new String[] {"float_val", "double_val", "int_val", "int64_val"}) {
            List<?> vals = (List<?>) t.getField(d.findFieldByName(repeated));
            if (!vals.isEmpty()) {
                return vals.size() == 1 ? ((Number) vals.get(0)).doubleValue() : null;
            }
        }
        List<?> half = (List<?>) t.getField(d.findFieldByName("half_val"));
        if (half.size() == 1) {
            int bits = ((Number) half.get(0)).intValue() & 0xFFFF;
            return dtype == DT_BFLOAT16 ? (double) Float.intBitsToFloat(bits << 16) : (double) halfToFloat(bits);
        }
        ByteString content = (ByteString) t.getField(d.findFieldByName("tensor_content"));
        ByteBuffer buf = content.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        return switch (dtype) {
            case DT_FLOAT -> content.size() == 4 ? (double) buf.getFloat() : null;
            case DT_DOUBLE -> content.size() == 8 ? buf.getDouble() : null;
            case DT_INT32 -> content.size() == 4 ? (double) buf.getInt() : null;
            case DT_INT64 -> content.size() == 8 ? (double) buf.getLong() : null;
            default -> null;
        };
    }

    /** IEEE 754 binary16 to float (Java 17 has no Float.float16ToFloat). */
    static float halfToFloat(int h) {
        int sign = (h >>> 15) & 1;
        int exp = (h >>> 10) & 0x1F;
        int mant = h & 0x3FF;
        float s = sign == 1 ? -1f : 1f;
        if (exp == 0) {
            return s * mant * 0x1p-24f;
        }
        if (exp == 31) {
            return mant == 0 ? s * Float.POSITIVE_INFINITY : Float.NaN;
        }
        return Float.intBitsToFloat((sign << 31) | ((exp - 15 + 127) << 23) | (mant << 13));
    }

    static final int DT_FLOAT = 1;
    static final int DT_DOUBLE = 2;
    static final int DT_INT32 = 3;
    static final int DT_INT64 = 9;
    static final int DT_BFLOAT16 = 14;
}
