package dev.sextant.model.io.trainlog;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;

/**
 * The parts of TensorBoard's messages a scalar reader needs, declared with their field numbers from
 * tensorboard/compat/proto/event.proto, summary.proto and tensor.proto, for the protobuf runtime's
 * {@link com.google.protobuf.DynamicMessage} to decode (fields not declared here are kept as unknown fields and
 * ignored):
 * <pre>
 *   Event        { double wall_time = 1; int64 step = 2; Summary summary = 5; }
 *   Summary      { repeated Value value = 1; }
 *   Value        { string tag = 1; oneof value { float simple_value = 2; TensorProto tensor = 8; } SummaryMetadata metadata = 9; }
 *   SummaryMetadata { PluginData plugin_data = 1; }   PluginData { string plugin_name = 1; }
 *   TensorProto  { DataType dtype = 1; TensorShapeProto tensor_shape = 2; bytes tensor_content = 4;
 *                  repeated float float_val = 5; repeated double double_val = 6; repeated int32 int_val = 7;
 *                  repeated int64 int64_val = 10; repeated int32 half_val = 13; }
 *   TensorShapeProto { repeated Dim dim = 2; }   Dim { int64 size = 1; }
 * </pre>
 * {@code dtype} is read as the varint it is on the wire (DT_FLOAT 1, DT_DOUBLE 2, DT_INT32 3, DT_INT64 9, DT_BFLOAT16 14,
 * DT_HALF 19: tensorflow/core/framework/types.proto).
 */
final class EventMessages {

    static final Descriptor EVENT;
    static final Descriptor VALUE;
    static final Descriptor TENSOR;

    static {
        FileDescriptorProto file = FileDescriptorProto.newBuilder()
                .setName("sextant/tensorboard_scalars.proto")
                .setPackage("sextant.tb")
                .setSyntax("proto3")
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Event")
                        .addField(field("wall_time", 1, Type.TYPE_DOUBLE))
                        .addField(field("step", 2, Type.TYPE_INT64))
                        .addField(message("summary", 5, ".sextant.tb.Summary")))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Summary")
                        .addField(message("value", 1, ".sextant.tb.Value").setLabel(Label.LABEL_REPEATED)))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Value")
                        .addOneofDecl(OneofDescriptorProto.newBuilder().setName("value"))
                        .addField(field("tag", 1, Type.TYPE_STRING))
                        .addField(field("simple_value", 2, Type.TYPE_FLOAT).setOneofIndex(0))
                        .addField(
                                message("tensor", 8, ".sextant.tb.TensorProto").setOneofIndex(0))
                        .addField(message("metadata", 9, ".sextant.tb.SummaryMetadata")))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("SummaryMetadata")
                        .addField(message("plugin_data", 1, ".sextant.tb.PluginData")))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("PluginData")
                        .addField(field("plugin_name", 1, Type.TYPE_STRING)))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("TensorProto")
                        .addField(field("dtype", 1, Type.TYPE_INT32))
                        .addField(message("tensor_shape", 2, ".sextant.tb.TensorShapeProto"))
                        .addField(field("tensor_content", 4, Type.TYPE_BYTES))
                        .addField(field("float_val", 5, Type.TYPE_FLOAT).setLabel(Label.LABEL_REPEATED))
                        .addField(field("double_val", 6, Type.TYPE_DOUBLE).setLabel(Label.LABEL_REPEATED))
                        .addField(field("int_val", 7, Type.TYPE_INT32).setLabel(Label.LABEL_REPEATED))
                        .addField(field("int64_val", 10, Type.TYPE_INT64).setLabel(Label.LABEL_REPEATED))
                        .addField(field("half_val", 13, Type.TYPE_INT32).setLabel(Label.LABEL_REPEATED)))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("TensorShapeProto")
                        .addField(message("dim", 2, ".sextant.tb.Dim").setLabel(Label.LABEL_REPEATED)))
                .addMessageType(DescriptorProto.newBuilder().setName("Dim").addField(field("size", 1, Type.TYPE_INT64)))
                .build();
        try {
            Descriptors.FileDescriptor fd =
                    Descriptors.FileDescriptor.buildFrom(file, new Descriptors.FileDescriptor[0]);
            EVENT = fd.findMessageTypeByName("Event");
            VALUE = fd.findMessageTypeByName("Value");
            TENSOR = fd.findMessageTypeByName("TensorProto");
        } catch (Descriptors.DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private EventMessages() {}

    private static FieldDescriptorProto.Builder field(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setType(type)
                .setLabel(Label.LABEL_OPTIONAL);
    }

    private static FieldDescriptorProto.Builder message(String name, int number, String typeName) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setType(Type.TYPE_MESSAGE)
                .setTypeName(typeName)
                .setLabel(Label.LABEL_OPTIONAL);
    }
}
