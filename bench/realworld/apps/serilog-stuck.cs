#:project ../src/Serilog/Serilog.csproj
// A sink that waits for a signal nobody gives: the first event never leaves Serilog's pipeline.
using Serilog;
using Serilog.Core;
using Serilog.Events;

using var log = new LoggerConfiguration().WriteTo.Sink(new WaitingSink()).CreateLogger();
log.Information("Order {OrderId} placed", 1);

class WaitingSink : ILogEventSink
{
    private readonly ManualResetEventSlim _never = new();

    public void Emit(LogEvent logEvent) => _never.Wait();
}
