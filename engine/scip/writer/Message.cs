using Google.Protobuf;

namespace RoslynTuiScip;

/// <summary>One protobuf message being written: fields appended in the order given, nested messages
/// written into their own buffer first (their length precedes them on the wire).</summary>
sealed class Message
{
    readonly MemoryStream buffer = new();
    readonly CodedOutputStream output;

    public Message() => output = new CodedOutputStream(buffer, leaveOpen: true);

    public Message String(int field, string value)
    {
        if (value.Length == 0) return this;  // proto3 leaves defaults off the wire
        output.WriteTag(field, WireFormat.WireType.LengthDelimited);
        output.WriteString(value);
        return this;
    }

    public Message Int32(int field, int value)
    {
        if (value == 0) return this;
        output.WriteTag(field, WireFormat.WireType.Varint);
        output.WriteInt32(value);
        return this;
    }

    public Message Bool(int field, bool value)
    {
        if (!value) return this;
        output.WriteTag(field, WireFormat.WireType.Varint);
        output.WriteBool(value);
        return this;
    }

    public Message Packed(int field, IReadOnlyList<int> values)
    {
        var length = values.Sum(CodedOutputStream.ComputeInt32Size);
        output.WriteTag(field, WireFormat.WireType.LengthDelimited);
        output.WriteLength(length);
        foreach (var value in values) output.WriteInt32(value);
        return this;
    }

    public Message Nested(int field, Message message) => Nested(field, message.Bytes());

    public Message Nested(int field, byte[] bytes)
    {
        output.WriteTag(field, WireFormat.WireType.LengthDelimited);
        output.WriteBytes(UnsafeByteOperations.UnsafeWrap(bytes));  // its length, then the bytes
        return this;
    }

    public byte[] Bytes()
    {
        output.Flush();
        return buffer.ToArray();
    }
}
