#:project ../src/Scrutor/Scrutor.csproj
// A type filter that waits for a signal nobody gives: the scan never ends.
using Microsoft.Extensions.DependencyInjection;

var never = new ManualResetEventSlim();
new ServiceCollection().Scan(scan => scan.FromAssemblyOf<ServiceCollection>()
    .AddClasses(classes => classes.Where(type => never.Wait(Timeout.Infinite)))
    .AsSelf());
