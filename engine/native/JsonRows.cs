using System.Buffers;
using System.Collections;
using System.Text;
using System.Text.Json;

namespace RoslynTuiNative;

/// <summary>Rows of strings, numbers, booleans, nulls and nested lists as one JSON array: written directly,
/// as the serializer's look at each boxed value's type costs more than the row itself on large answers.</summary>
public static class JsonRows
{
    static readonly JsonWriterOptions options = new() { SkipValidation = true };

    public static string Write(IEnumerable rows)
    {
        var buffer = new ArrayBufferWriter<byte>(1 << 16);
        using (var writer = new Utf8JsonWriter(buffer, options))
        {
            Value(writer, rows);
        }
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    static void Value(Utf8JsonWriter writer, object? value)
    {
        switch (value)
        {
            case null:
                writer.WriteNullValue();
                break;
            case string text:
                writer.WriteStringValue(text);
                break;
            case int number:
                writer.WriteNumberValue(number);
                break;
            case bool flag:
                writer.WriteBooleanValue(flag);
                break;
            case IEnumerable items:
                writer.WriteStartArray();
                foreach (var item in items) Value(writer, item);
                writer.WriteEndArray();
                break;
            default:
                throw new ArgumentException($"no JSON for a {value.GetType().Name}");
        }
    }
}
