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

    public Message Nested(int field, Message message) => Nested(field, message.Bytes());

    /// <summary>An Occurrence (range, symbol, roles: fields 1 to 3) written in place: there are hundreds
    /// of thousands, and a buffer of their own each was most of the writer's time.</summary>
    public Message Occurrence(int field, int[] range, string symbol, int roles)
    {
        var rangeSize = range.Sum(CodedOutputStream.ComputeInt32Size);
        var size = 1 + CodedOutputStream.ComputeLengthSize(rangeSize) + rangeSize
            + 1 + CodedOutputStream.ComputeStringSize(symbol)
            + (roles == 0 ? 0 : 1 + CodedOutputStream.ComputeInt32Size(roles));
        output.WriteTag(field, WireFormat.WireType.LengthDelimited);
        output.WriteLength(size);
        output.WriteTag(1, WireFormat.WireType.LengthDelimited);
        output.WriteLength(rangeSize);
        foreach (var value in range) output.WriteInt32(value);
        output.WriteTag(2, WireFormat.WireType.LengthDelimited);
        output.WriteString(symbol);
        if (roles != 0)
        {
            output.WriteTag(3, WireFormat.WireType.Varint);
            output.WriteInt32(roles);
        }
        return this;
    }

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
