using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>FindCallers' answer in one call, grouped as engine/queries/calls.py shows it:
/// each caller once (normalized to its definition), in the order the call hierarchy shows (first site's
/// path and line, then display), with [key, whether every site is reached through an interface or override,
/// sites], each site [path, line, column, end line, end column, line text, through an interface or
/// override] in order; the callers alongside. Only the page [offset, offset + limit) is described (a
/// negative limit: all of them), <see cref="Total"/> counts every caller, <see cref="SiteTotal"/> every call
/// site shown in source.</summary>
public sealed class CallerTable
{
    public required string Rows { get; init; }
    public required ISymbol[] Callers { get; init; }
    public required int Total { get; init; }
    public required int SiteTotal { get; init; }

    sealed class Caller(ISymbol symbol, string key)
    {
        public readonly ISymbol Symbol = symbol;
        public readonly string Key = key;
        public bool Kept;
        public readonly Dictionary<(string, int, int), (Symbols.Where Place, SyntaxTree Tree, bool Via)> Sites = [];
        public List<(Symbols.Where Place, SyntaxTree Tree, bool Via)> Ordered = [];
        string? shown;

        public string Display(SymbolDisplayFormat format) => shown ??= Symbol.ToDisplayString(format);
    }

    public static async Task<CallerTable> DescribeAsync(
        IEnumerable<SymbolCallerInfo> callers, SymbolDisplayFormat format, int offset, int limit, CancellationToken token)
    {
        // Roslyn reports a caller once per way it reaches the symbol: directly, and through each member the
        // symbol implements or overrides (IsDirect false). Directness belongs to each call site.
        var byKey = new Dictionary<string, Caller>();
        var order = new List<Caller>();
        foreach (var info in callers)
        {
            token.ThrowIfCancellationRequested();
            var symbol = Symbols.Normalize(info.CallingSymbol);
            var key = Symbols.DocumentationId(symbol);
            if (key.Length == 0) key = symbol.ToDisplayString(format);
            if (!byKey.TryGetValue(key, out var caller))
            {
                byKey[key] = caller = new Caller(symbol, key);
                order.Add(caller);
            }
            if (!info.Locations.Any()) caller.Kept = true;
            foreach (var location in info.Locations)
            {
                if (!location.IsInSource)
                {
                    caller.Kept = true;  // still a call site that keeps the caller, with nowhere to show
                    continue;
                }
                var tree = location.SourceTree!;
                // base.M() is a non-virtual call: it never reaches this override.
                if (!info.IsDirect && IsBaseCall(await tree.GetRootAsync(token), location)) continue;
                caller.Kept = true;
                var place = Symbols.Place(location);
                var spot = (place.Path, place.Line, place.Column);
                if (caller.Sites.ContainsKey(spot) && !info.IsDirect) continue;
                caller.Sites[spot] = (place, tree, !info.IsDirect);
            }
        }
        var kept = order.Where(caller => caller.Kept).ToList();
        foreach (var caller in kept)
        {
            caller.Ordered = [.. caller.Sites.Values];
            if (caller.Ordered.Count > 1) caller.Ordered.Sort(static (a, b) => Symbols.ComparePlaces(a.Place, b.Place));
        }
        // Display breaks ties only, so it is made for the few callers whose first sites share a line.
        kept.Sort((a, b) => Shown(a, b, format));
        var shown = kept.Skip(offset).Take(limit < 0 ? int.MaxValue : limit).ToList();
        var rows = new List<object[]>(shown.Count);
        foreach (var caller in shown)
        {
            var sites = new List<object[]>(caller.Ordered.Count);
            foreach (var (place, tree, via) in caller.Ordered)
            {
                var text = Symbols.LineText(place, tree, await tree.GetTextAsync(token));
                sites.Add([.. place.Row, text, via]);
            }
            rows.Add([caller.Key, sites.Count > 0 && caller.Ordered.All(s => s.Via), sites]);
        }
        return new CallerTable
        {
            Rows = JsonRows.Write(rows),
            Callers = [.. shown.Select(caller => caller.Symbol)],
            Total = kept.Count,
            SiteTotal = kept.Sum(caller => caller.Ordered.Count),
        };
    }

    static int Shown(Caller a, Caller b, SymbolDisplayFormat format)
    {
        var (first, second) = (a.Ordered.Count > 0 ? a.Ordered[0].Place : default, b.Ordered.Count > 0 ? b.Ordered[0].Place : default);
        var byPath = string.CompareOrdinal(first.Path ?? "", second.Path ?? "");
        if (byPath != 0) return byPath;
        if (first.Line != second.Line) return first.Line.CompareTo(second.Line);
        var byDisplay = string.CompareOrdinal(a.Display(format), b.Display(format));
        return byDisplay != 0 ? byDisplay : string.CompareOrdinal(a.Key, b.Key);
    }

    static bool IsBaseCall(SyntaxNode root, Location location) =>
        root.FindNode(location.SourceSpan, false, true).Parent is MemberAccessExpressionSyntax
        {
            Expression: BaseExpressionSyntax,
        };
}
