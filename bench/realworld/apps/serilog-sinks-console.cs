#:project ../src/Serilog.Sinks.Console/Serilog.Sinks.Console.csproj
// The console sink's themed output template: 60,000 events formatted and written.
using Serilog;
using Serilog.Sinks.SystemConsole.Themes;

using (var log = new LoggerConfiguration()
    .WriteTo.Console(theme: AnsiConsoleTheme.Code, outputTemplate: "[{Timestamp:HH:mm:ss} {Level:u3}] {Message:lj} {Properties:j}{NewLine}{Exception}")
    .CreateLogger())
{
    for (var i = 0; i < 60_000; i++)
    {
        log.Information("Order {OrderId} for {@Customer} came to {Total}", i, new { Name = "Ada", Id = i % 97 }, i * 1.5m);
    }
}
Console.Error.WriteLine($"allocated: {GC.GetTotalAllocatedBytes(true)}");
