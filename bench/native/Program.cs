// Native Roslyn timings for bench/perf.py: reads a JSON spec (solution, documentation IDs per query
// family, search words, repeats), prints JSON. Each family does the work the engine's query does:
// find, then turn each result into file:line:column (and, for references, the enclosing member).
using System.Diagnostics;
using System.Reflection;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.Json.Nodes;

var roslynDir = Environment.GetEnvironmentVariable("ROSLYN_DIR")
    ?? Path.GetDirectoryName(typeof(object).Assembly.Location)!;
AssemblyLoadContext.Default.Resolving += (context, name) =>
{
    var candidate = Path.Combine(roslynDir, name.Name + ".dll");
    return File.Exists(candidate) ? context.LoadFromAssemblyPath(candidate) : null;
};
var spec = JsonNode.Parse(File.ReadAllText(args[0]))!.AsObject();
var result = await NativeBench.Queries.RunAsync(spec);
Console.WriteLine(result.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
