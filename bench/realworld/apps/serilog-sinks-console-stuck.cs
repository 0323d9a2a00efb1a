#:project ../src/Serilog.Sinks.Console/Serilog.Sinks.Console.csproj
// A formatter that waits for a signal nobody gives: the console sink holds its lock meanwhile.
using Serilog;
using Serilog.Events;
using Serilog.Formatting;

using var log = new LoggerConfiguration().WriteTo.Console(new WaitingFormatter()).CreateLogger();
log.Information("Order {OrderId} placed", 1);

class WaitingFormatter : ITextFormatter
{
    private readonly ManualResetEventSlim _never = new();

    public void Format(LogEvent logEvent, TextWriter output) => _never.Wait();
}
