// Native Roslyn's answers to bench/realworld/run.py's questions: reads a JSON spec (solution, questions as
// [kind, documentation ID]), prints JSON (load time, projects, documents, and per question the set of
// places found, for references, or of the documentation IDs of the symbols found, for the others). Each
// answer is the plain SymbolFinder call a Roslyn user would make, from the declaration in each target of
// its project (their union), over every project of the solution, places as "relative/path:line:column".
using System.Diagnostics;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.MSBuild;

var roslynDir = Environment.GetEnvironmentVariable("ROSLYN_DIR")
    ?? Path.GetDirectoryName(typeof(object).Assembly.Location)!;
AssemblyLoadContext.Default.Resolving += (context, name) =>
{
    var candidate = Path.Combine(roslynDir, name.Name + ".dll");
    return File.Exists(candidate) ? context.LoadFromAssemblyPath(candidate) : null;
};
var spec = JsonNode.Parse(File.ReadAllText(args[0]))!.AsObject();
Console.WriteLine((await RealWorld.Answers.RunAsync(spec)).ToJsonString(new JsonSerializerOptions { WriteIndented = true }));

namespace RealWorld
{
    static class Answers
    {
        public static async Task<JsonObject> RunAsync(JsonObject spec)
        {
            var path = (string)spec["solution"]!;
            var root = Path.GetDirectoryName(Path.GetFullPath(path))!;
            var clock = Stopwatch.StartNew();
            using var workspace = MSBuildWorkspace.Create();
            var solution = await workspace.OpenSolutionAsync(path);
            var loadMs = clock.Elapsed.TotalMilliseconds;
            var compilations = new List<Compilation>();
            foreach (var project in solution.Projects)
                compilations.Add((await project.GetCompilationAsync())!);
            var answers = new JsonArray();
            foreach (var question in spec["questions"]!.AsArray())
            {
                var kind = (string)question![0]!;
                var id = (string)question[1]!;
                // The declaration in every target of its project (a multi-targeted library is one project
                // per target, each referenced by different projects): the answer is the union.
                HashSet<string>? found = null;
                foreach (var compilation in compilations)
                {
                    var symbol = DocumentationCommentId.GetFirstSymbolForDeclarationId(id, compilation);
                    if (symbol is not null && symbol.Locations.Any(l => l.IsInSource && compilation.ContainsSyntaxTree(l.SourceTree)))
                        (found ??= []).UnionWith(await Answer(kind, symbol, solution, root));
                }
                answers.Add(new JsonObject
                {
                    ["kind"] = kind,
                    ["id"] = id,
                    ["found"] = found is null ? null : new JsonArray(found.Order(StringComparer.Ordinal).Select(f => (JsonNode)f).ToArray()),
                });
            }
            return new JsonObject
            {
                ["load_ms"] = loadMs,
                ["projects"] = solution.Projects.Select(p => p.FilePath).Distinct().Count(),
                ["documents"] = solution.Projects.GroupBy(p => p.FilePath).Sum(g => g.First().DocumentIds.Count),
                ["answers"] = answers,
            };
        }

        static async Task<HashSet<string>> Answer(string kind, ISymbol symbol, Solution solution, string root)
        {
            var found = new HashSet<string>();
            switch (kind)
            {
                case "references":
                    foreach (var referenced in await SymbolFinder.FindReferencesAsync(symbol, solution))
                        foreach (var location in referenced.Locations)
                            if (!location.IsImplicit) found.Add(Place(location.Location, root));
                    break;
                case "implementations":
                    foreach (var s in await SymbolFinder.FindImplementationsAsync(symbol, solution)) found.Add(Id(s));
                    break;
                case "derived":
                    foreach (var s in await SymbolFinder.FindDerivedClassesAsync((INamedTypeSymbol)symbol, solution, transitive: true))
                        found.Add(Id(s));
                    break;
                case "overrides":
                    foreach (var s in await SymbolFinder.FindOverridesAsync(symbol, solution)) found.Add(Id(s));
                    break;
                case "callers":
                    foreach (var caller in await SymbolFinder.FindCallersAsync(symbol, solution))
                        if (caller.Locations.Any(l => l.IsInSource))
                            found.Add(Id(caller.CallingSymbol));
                    break;
                default:
                    throw new ArgumentException($"unknown question kind {kind}");
            }
            found.Remove("");
            return found;
        }

        static ISymbol Definition(ISymbol symbol) => symbol.OriginalDefinition switch
        {
            IMethodSymbol { ReducedFrom: { } reduced } => reduced,
            var definition => definition,
        };

        // The compiler's own ID (what a doc comment and the engine use); the Workspaces API spells some
        // methods with their return type (~T).
        static string Id(ISymbol symbol) => Definition(symbol).GetDocumentationCommentId() ?? "";

        static string Place(Location location, string root)
        {
            var span = location.GetLineSpan();
            var path = Path.GetRelativePath(root, span.Path).Replace('\\', '/');
            return $"{path}:{span.StartLinePosition.Line + 1}:{span.StartLinePosition.Character + 1}";
        }
    }
}
