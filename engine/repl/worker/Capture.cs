using System.Text;

namespace ReplWorker;

/// <summary>Console.Out and Console.Error of one evaluation, kept up to a limit.</summary>
sealed class Capture : IDisposable
{
    const int Limit = 64 * 1024;

    readonly TextWriter previousOut = Console.Out;
    readonly TextWriter previousError = Console.Error;
    readonly CappedWriter stdout = new(Limit);
    readonly CappedWriter stderr = new(Limit);

    Capture()
    {
        Console.SetOut(TextWriter.Synchronized(stdout));
        Console.SetError(TextWriter.Synchronized(stderr));
    }

    public static Capture Start() => new();

    public string Stdout => stdout.Text;
    public string Stderr => stderr.Text;
    public bool WasCut => stdout.WasCut || stderr.WasCut;

    public void Dispose()
    {
        Console.SetOut(previousOut);
        Console.SetError(previousError);
    }

    sealed class CappedWriter(int limit) : TextWriter
    {
        readonly StringBuilder text = new();

        public override Encoding Encoding => Encoding.UTF8;
        public bool WasCut { get; private set; }
        public string Text => text.ToString();

        public override void Write(char value)
        {
            if (text.Length < limit) text.Append(value);
            else WasCut = true;
        }

        public override void Write(string? value)
        {
            if (value is null) return;
            var room = limit - text.Length;
            if (value.Length > room) WasCut = true;
            text.Append(value, 0, Math.Max(0, Math.Min(room, value.Length)));
        }
    }
}
