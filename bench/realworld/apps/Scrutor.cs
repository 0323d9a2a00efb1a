#:project ../src/Scrutor/Scrutor.csproj
// Scrutor's assembly scanning, 20,000 times over the DI container's own assembly.
using Microsoft.Extensions.DependencyInjection;

var registered = 0;
for (var i = 0; i < 20_000; i++)
{
    var services = new ServiceCollection();
    services.Scan(scan => scan.FromAssemblyOf<ServiceCollection>()
        .AddClasses(classes => classes.Where(type => type.Name.EndsWith("Provider") || type.Name.EndsWith("Factory")), publicOnly: false)
        .AsSelf()
        .WithTransientLifetime());
    registered += services.Count;
}
Console.WriteLine($"registered {registered}");
Console.WriteLine($"allocated: {GC.GetTotalAllocatedBytes(true)}");
