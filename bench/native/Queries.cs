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
        onceOverMs = (double?)spec["once_over_ms"];
        turns = (bool?)spec["turns"] ?? false;
        var clock = Stopwatch.StartNew();
        using var workspace = MSBuildWorkspace.Create();
        var solution = await workspace.OpenSolutionAsync((string)spec["solution"]!);
        var loadMs = clock.Elapsed.TotalMilliseconds;
        // As a user would: the first search and the first references right after the load, before
        // anything was compiled (the engine's figures are taken the same way).
        clock.Restart();
        await Search(solution, (string)spec["first"]!["search"]!);
        var firstSearchMs = clock.Elapsed.TotalMilliseconds;
        clock.Restart();
        var firstId = (string)spec["first"]!["references"]!;
        foreach (var project in solution.Projects)
        {
            var symbol = DocumentationCommentId.GetFirstSymbolForDeclarationId(firstId, (await project.GetCompilationAsync())!);
            if (symbol is null || !symbol.Locations.Any(l => l.IsInSource)) continue;
            await References(solution, symbol);
            break;
        }
        var firstReferencesMs = clock.Elapsed.TotalMilliseconds;
        if ((bool?)spec["first_only"] ?? false)  // one of perf.py's further first starts
        {
            return new JsonObject
            {
                ["load_ms"] = loadMs,
                ["first_search_after_load_ms"] = firstSearchMs,
                ["first_references_after_load_ms"] = firstReferencesMs,
            };
        }
        clock.Restart();
        var compilations = new List<Compilation>();
        foreach (var project in solution.Projects)
        {
            compilations.Add((await project.GetCompilationAsync())!);
        }
        var compileMs = clock.Elapsed.TotalMilliseconds;
        Say("ready");
        var answer = new JsonObject
        {
            ["load_ms"] = loadMs,
            ["compile_ms"] = compileMs,
            ["first_search_after_load_ms"] = firstSearchMs,
            ["first_references_after_load_ms"] = firstReferencesMs,
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
        WaitTurn();  // the last turn: memory while the other side waits
        answer["managed_mb"] = GC.GetTotalMemory(false) / 1048576.0;
        answer["rss_mb"] = Process.GetCurrentProcess().WorkingSet64 / 1048576.0;
        // At rest: the collection the engine's idle trimmer makes (engine/host/memory_trim.py), made here too.
        GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        answer["rss_rest_mb"] = Process.GetCurrentProcess().WorkingSet64 / 1048576.0;
        return answer;
    }

    /// <summary>An input whose first run takes longer than this is not run again: its first time stands for
    /// the repeats (the 100-project sitting; the cascading inputs take minutes there).</summary>
    static double? onceOverMs;

    /// <summary>Whether bench/perf.py runs this program in turns with the engine (the spec's "turns"): "ready"
    /// on stdout once loaded and compiled, then each input waits for a line on stdin and answers "done", so
    /// both sides measure each input in the same minute.</summary>
    static bool turns;

    static void WaitTurn()
    {
        if (turns) Console.In.ReadLine();
    }

    static void Say(string word)
    {
        if (turns) Console.Out.WriteLine(word);
    }

    /// <summary>Each input once (first), then <paramref name="repeat"/> more times: per input the
    /// first time, the median of the rest, and the number of results.</summary>
    static async Task<JsonArray> Family(JsonNode? inputs, int repeat, Func<string, Task<int>> query)
    {
        var rows = new JsonArray();
        foreach (var input in (inputs as JsonArray ?? []).Select(i => (string)i!))
        {
            WaitTurn();
            var clock = Stopwatch.StartNew();
            var count = await query(input);
            var first = clock.Elapsed.TotalMilliseconds;
            var times = new List<double>();
            var once = first > onceOverMs;
            if (once) times.Add(first);
            for (var i = 0; i < repeat && !once; i++)
            {
                clock.Restart();
                await query(input);
                times.Add(clock.Elapsed.TotalMilliseconds);
            }
            times.Sort();
            rows.Add(new JsonObject { ["input"] = input, ["first_ms"] = first, ["median_ms"] = times[times.Count / 2], ["count"] = count, ["once"] = once });
            Say("done");
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
        // As the engine's find_implementations: direct and transitive implementations and derived
        // interfaces of an interface (to mark the direct ones), derived classes of a class, a member's
        // implementations and overrides.
        var found = new List<ISymbol>();
        if (symbol is INamedTypeSymbol { TypeKind: TypeKind.Interface } type)
        {
            var direct = new HashSet<string>((await SymbolFinder.FindImplementationsAsync(type, solution, transitive: false)).Select(Symbol.Id));
            found.AddRange(await SymbolFinder.FindImplementationsAsync(type, solution, transitive: true));
            direct.UnionWith((await SymbolFinder.FindDerivedInterfacesAsync(type, solution, transitive: false)).Select(Symbol.Id));
            found.AddRange(await SymbolFinder.FindDerivedInterfacesAsync(type, solution, transitive: true));
            _ = found.Count(s => direct.Contains(Symbol.Id(s)));
        }
        else if (symbol is INamedTypeSymbol classType)
        {
            var direct = new HashSet<string>((await SymbolFinder.FindDerivedClassesAsync(classType, solution, transitive: false)).Select(Symbol.Id));
            found.AddRange(await SymbolFinder.FindDerivedClassesAsync(classType, solution, transitive: true));
            _ = found.Count(s => direct.Contains(Symbol.Id(s)));
        }
        else
        {
            found.AddRange(await SymbolFinder.FindImplementationsAsync(symbol, solution));
            found.AddRange(await SymbolFinder.FindOverridesAsync(symbol, solution));
        }
        return found.Select(s => (s.ToDisplayString(), Place(s))).Distinct().Count();
    }

    static async Task<int> Hierarchy(Solution solution, ISymbol symbol)
    {
        // As the engine's type_hierarchy at depth 1: bases, interfaces, direct derived types, and for
        // each of those whether it has derived types of its own (shown as expandable).
        var type = (INamedTypeSymbol)symbol;
        var nodes = new List<string>();
        for (var b = type.BaseType; b is not null; b = b.BaseType) nodes.Add(b.ToDisplayString() + Place(b));
        nodes.AddRange(type.AllInterfaces.Select(i => i.ToDisplayString() + Place(i)));
        foreach (var child in await Derived(solution, type))
        {
            var expandable = (await Derived(solution, child)).Count > 0;
            nodes.Add(child.ToDisplayString() + Place(child) + expandable);
        }
        return nodes.Count;
    }

    static async Task<List<INamedTypeSymbol>> Derived(Solution solution, INamedTypeSymbol type)
    {
        var found = new List<INamedTypeSymbol>();
        if (type.TypeKind == TypeKind.Interface)
        {
            found.AddRange(await SymbolFinder.FindDerivedInterfacesAsync(type, solution, transitive: false));
            found.AddRange(await SymbolFinder.FindImplementationsAsync(type, solution, transitive: false));
        }
        else if (type.TypeKind == TypeKind.Class)
        {
            found.AddRange(await SymbolFinder.FindDerivedClassesAsync(type, solution, transitive: false));
        }
        return found;
    }

    /// <summary>The callers a page of the call hierarchy shows: the engine's call_hierarchy and its MCP tool
    /// answer a page of <see cref="CallerPage"/>, so every caller is found and ordered by its first call site
    /// and only the page's callers are named and their sites' lines read.</summary>
    const int CallerPage = 100;

    static async Task<int> Callers(Solution solution, ISymbol symbol)
    {
        var callers = (await SymbolFinder.FindCallersAsync(symbol, solution))
            .GroupBy(c => c.CallingSymbol, SymbolEqualityComparer.Default)
            .Select(g => (Caller: g.Key!, Sites: g.SelectMany(c => c.Locations).Where(l => l.IsInSource)
                .Select(l => (Location: l, Span: l.GetLineSpan())).Distinct()
                .OrderBy(s => s.Span.Path, StringComparer.Ordinal).ThenBy(s => s.Span.StartLinePosition).ToList()))
            .ToList();
        var ordered = callers
            .OrderBy(c => c.Sites.Count > 0 ? c.Sites[0].Span.Path : "", StringComparer.Ordinal)
            .ThenBy(c => c.Sites.Count > 0 ? c.Sites[0].Span.StartLinePosition.Line : 0);
        var shown = new List<string>();
        foreach (var (caller, sites) in ordered.Take(CallerPage))
        {
            shown.Add(caller.ToDisplayString());
            foreach (var (location, span) in sites)
            {
                var text = await location.SourceTree!.GetTextAsync();
                shown.Add(span + text.Lines[span.StartLinePosition.Line].ToString().Trim());
            }
        }
        return callers.Count;
    }

    static class Symbol
    {
        public static string Id(ISymbol symbol) => symbol.GetDocumentationCommentId() ?? "";
    }

    static string Place(ISymbol symbol)
    {
        var location = symbol.Locations.FirstOrDefault(l => l.IsInSource);
        if (location is null) return "";
        var span = location.GetLineSpan();
        return $"{span.Path}:{span.StartLinePosition.Line + 1}:{span.StartLinePosition.Character + 1}";
    }
}
