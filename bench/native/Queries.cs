using System.Diagnostics;
using System.Text.Json.Nodes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.MSBuild;

namespace NativeBench;

static class Queries
{
    public static async Task<JsonObject> RunAsync(JsonObject spec)
    {
        var repeat = (int?)spec["repeat"] ?? 5;
        var clock = Stopwatch.StartNew();
        using var workspace = MSBuildWorkspace.Create();
        var solution = await workspace.OpenSolutionAsync((string)spec["solution"]!);
        var loadMs = clock.Elapsed.TotalMilliseconds;
        clock.Restart();
        var compilations = new List<Compilation>();
        foreach (var project in solution.Projects)
        {
            compilations.Add((await project.GetCompilationAsync())!);
        }
        var compileMs = clock.Elapsed.TotalMilliseconds;
        var answer = new JsonObject
        {
            ["load_ms"] = loadMs,
            ["compile_ms"] = compileMs,
            ["documents"] = solution.Projects.Sum(p => p.DocumentIds.Count),
        };
        ISymbol Find(string id) => compilations
            .Select(c => DocumentationCommentId.GetFirstSymbolForDeclarationId(id, c))
            .First(s => s is not null && s.Locations.Any(l => l.IsInSource))!;

        answer["references"] = await Family(spec["references"], repeat, id => References(solution, Find(id)));
        answer["search"] = await Family(spec["search"], repeat, word => Search(solution, word));
        answer["implementations"] = await Family(spec["implementations"], repeat, id => Implementations(solution, Find(id)));
        answer["hierarchy"] = await Family(spec["hierarchy"], repeat, id => Hierarchy(solution, Find(id)));
        answer["callers"] = await Family(spec["callers"], repeat, id => Callers(solution, Find(id)));
        answer["managed_mb"] = GC.GetTotalMemory(false) / 1048576.0;
        answer["rss_mb"] = Process.GetCurrentProcess().WorkingSet64 / 1048576.0;
        return answer;
    }

    /// <summary>Each input once (first), then <paramref name="repeat"/> more times: per input the
    /// first time, the median of the rest, and the number of results.</summary>
    static async Task<JsonArray> Family(JsonNode? inputs, int repeat, Func<string, Task<int>> query)
    {
        var rows = new JsonArray();
        foreach (var input in (inputs as JsonArray ?? []).Select(i => (string)i!))
        {
            var clock = Stopwatch.StartNew();
            var count = await query(input);
            var first = clock.Elapsed.TotalMilliseconds;
            var times = new List<double>();
            for (var i = 0; i < repeat; i++)
            {
                clock.Restart();
                await query(input);
                times.Add(clock.Elapsed.TotalMilliseconds);
            }
            times.Sort();
            rows.Add(new JsonObject { ["input"] = input, ["first_ms"] = first, ["median_ms"] = times[times.Count / 2], ["count"] = count });
        }
        return rows;
    }

    static async Task<int> References(Solution solution, ISymbol symbol)
    {
        var found = await SymbolFinder.FindReferencesAsync(symbol, solution);
        var models = new Dictionary<DocumentId, SemanticModel>();
        var places = new HashSet<(string, int, int, string)>();
        foreach (var referenced in found)
        {
            foreach (var location in referenced.Locations)
            {
                var span = location.Location.GetLineSpan();
                if (!models.TryGetValue(location.Document.Id, out var model))
                {
                    model = (await location.Document.GetSemanticModelAsync())!;
                    models[location.Document.Id] = model;
                }
                var enclosing = model.GetEnclosingSymbol(location.Location.SourceSpan.Start)?.ToDisplayString() ?? "";
                places.Add((span.Path, span.StartLinePosition.Line, span.StartLinePosition.Character, enclosing));
            }
        }
        return places.Count;
    }

    static async Task<int> Search(Solution solution, string word)
    {
        var found = await SymbolFinder.FindSourceDeclarationsWithPatternAsync(solution, word, SymbolFilter.TypeAndMember);
        return found.Select(s => (s.ToDisplayString(), Place(s))).Distinct().Count();
    }

    static async Task<int> Implementations(Solution solution, ISymbol symbol)
    {
        // As the engine's find_implementations: a type's implementations or derived classes; a member's
        // implementations and overrides.
        IEnumerable<ISymbol> found = symbol is INamedTypeSymbol { TypeKind: TypeKind.Interface } type
            ? await SymbolFinder.FindImplementationsAsync(type, solution, transitive: true)
            : symbol is INamedTypeSymbol classType
                ? await SymbolFinder.FindDerivedClassesAsync(classType, solution, transitive: true)
                : (await SymbolFinder.FindImplementationsAsync(symbol, solution))
                    .Concat(await SymbolFinder.FindOverridesAsync(symbol, solution));
        return found.Select(s => (s.ToDisplayString(), Place(s))).Distinct().Count();
    }

    static async Task<int> Hierarchy(Solution solution, ISymbol symbol)
    {
        var type = (INamedTypeSymbol)symbol;
        var nodes = new List<string>();
        for (var b = type.BaseType; b is not null; b = b.BaseType) nodes.Add(b.ToDisplayString() + Place(b));
        nodes.AddRange(type.AllInterfaces.Select(i => i.ToDisplayString() + Place(i)));
        var derived = type.TypeKind == TypeKind.Interface
            ? await SymbolFinder.FindImplementationsAsync(type, solution, transitive: false)
            : await SymbolFinder.FindDerivedClassesAsync(type, solution, transitive: false);
        nodes.AddRange(derived.Select(d => d.ToDisplayString() + Place(d)));
        return nodes.Count;
    }

    static async Task<int> Callers(Solution solution, ISymbol symbol)
    {
        var callers = await SymbolFinder.FindCallersAsync(symbol, solution);
        var sites = new List<string>();
        foreach (var caller in callers)
        {
            sites.AddRange(caller.Locations.Select(l => caller.CallingSymbol.ToDisplayString() + l.GetLineSpan()));
        }
        return sites.Count;
    }

    static string Place(ISymbol symbol)
    {
        var location = symbol.Locations.FirstOrDefault(l => l.IsInSource);
        if (location is null) return "";
        var span = location.GetLineSpan();
        return $"{span.Path}:{span.StartLinePosition.Line + 1}:{span.StartLinePosition.Character + 1}";
    }
}
