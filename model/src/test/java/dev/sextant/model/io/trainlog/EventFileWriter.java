package dev.sextant.model.io.trainlog;

import com.google.protobuf.ByteString;
import com.google.protobuf.DynamicMessage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes TensorBoard event files for tests, as TensorFlow's record writer and PyTorch's SummaryWriter lay them out:
 * TFRecord frames (length, masked CRC-32C of the length, data, masked CRC-32C of the data) around Event messages.
 */
final class EventFileWriter {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** The "brain.Event:2" record every event file starts with (field 3, file_version, undeclared in our descriptors). */
    EventFileWriter fileVersion() {
        // Event { wall_time = 1 (double, tag 0x09); file_version = 3 (string, tag 0x1a) }
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        e.write(0x09);
        e.writeBytes(ByteBuffer.allocate(8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putDouble(1.7e9)
                .array());
        byte[] v = "brain.Event:2".getBytes(StandardCharsets.UTF_8);
        e.write(0x1a);
        e.write(v.length);
        e.writeBytes(v);
        return record(e.toByteArray());
    }

    /** A PyTorch-style scalar: Summary.Value.simple_value. */
    EventFileWriter simple(long step, double wall, String tag, float value) {
        DynamicMessage v = DynamicMessage.newBuilder(EventMessages.VALUE)
                .setField(EventMessages.VALUE.findFieldByName("tag"), tag)
                .setField(EventMessages.VALUE.findFieldByName("simple_value"), value)
                .build();
        return event(step, wall, v);
    }

    /** A TensorFlow 2-style scalar: a DT_FLOAT tensor of shape [] in tensor_content, plugin "scalars". */
    EventFileWriter tensor(long step, double wall, String tag, float value, String plugin) {
        var tensorType = EventMessages.TENSOR;
        DynamicMessage t = DynamicMessage.newBuilder(tensorType)
                .setField(tensorType.findFieldByName("dtype"), TensorBoardReader.DT_FLOAT)
                .setField(
                        tensorType.findFieldByName("tensor_content"),
                        ByteString.copyFrom(ByteBuffer.allocate(4)
                                .order(ByteOrder.LITTLE_ENDIAN)
                                .putFloat(value)
                                .array()))
                .build();
        var metaField = EventMessages.VALUE.findFieldByName("metadata");
        var pdField = metaField.getMessageType().findFieldByName("plugin_data");
        DynamicMessage pd = DynamicMessage.newBuilder(pdField.getMessageType())
                .setField(pdField.getMessageType().findFieldByName("plugin_name"), plugin)
                .build();
        DynamicMessage meta = DynamicMessage.newBuilder(metaField.getMessageType())
                .setField(pdField, pd)
                .build();
        DynamicMessage v = DynamicMessage.newBuilder(EventMessages.VALUE)
                .setField(EventMessages.VALUE.findFieldByName("tag"), tag)
                .setField(EventMessages.VALUE.findFieldByName("tensor"), t)
                .setField(metaField, meta)
                .build();
        return event(step, wall, v);
    }

    private EventFileWriter event(long step, double wall, DynamicMessage value) {
        var summaryField = EventMessages.EVENT.findFieldByName("summary");
        DynamicMessage summary = DynamicMessage.newBuilder(summaryField.getMessageType())
                .addRepeatedField(summaryField.getMessageType().findFieldByName("value"), value)
                .build();
        DynamicMessage e = DynamicMessage.newBuilder(EventMessages.EVENT)
                .setField(EventMessages.EVENT.findFieldByName("step"), step)
                .setField(EventMessages.EVENT.findFieldByName("wall_time"), wall)
                .setField(summaryField, summary)
                .build();
        return record(e.toByteArray());
    }

    EventFileWriter record(byte[] data) {
        byte[] len = ByteBuffer.allocate(8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putLong(data.length)
                .array();
        out.writeBytes(len);
        out.writeBytes(intLe(TfRecords.mask(TfRecords.crc32c(len, 0, 8))));
        out.writeBytes(data);
        out.writeBytes(intLe(TfRecords.mask(TfRecords.crc32c(data, 0, data.length))));
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private static byte[] intLe(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }
}
