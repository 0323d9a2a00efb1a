#:project ../src/Serilog/Serilog.csproj
// Serilog's pipeline end to end: 300,000 events with properties, each rendered by a sink.
using Serilog;
using Serilog.Core;
using Serilog.Events;

var sink = new CountingSink();
using (var log = new LoggerConfiguration().MinimumLevel.Debug().Enrich.WithProperty("App", "bench").WriteTo.Sink(sink).CreateLogger())
{
    for (var i = 0; i < 300_000; i++)
    {
        log.Information("Order {OrderId} for {@Customer} came to {Total}", i, new { Name = "Ada", Id = i % 97 }, i * 1.5m);
    }
}
Console.WriteLine($"rendered {sink.Characters} characters");
Console.WriteLine($"allocated: {GC.GetTotalAllocatedBytes(true)}");

class CountingSink : ILogEventSink
{
    public long Characters;

    public void Emit(LogEvent logEvent) => Characters += logEvent.RenderMessage().Length;
}
