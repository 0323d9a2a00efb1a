using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>FindCallers' answer in one call, grouped as engine/queries/calls.py's fallback walk groups it:
/// each caller once (normalized to its definition, in the order first reported) with [key, whether every
/// site is reached through an interface or override, sites], each site [path, line, column, end line, end
/// column, line text, through an interface or override] in order; the callers alongside.</summary>
public sealed class CallerTable
{
    public required string Rows { get; init; }
    public required ISymbol[] Callers { get; init; }

    sealed class Caller(ISymbol symbol, string key)
    {
        public readonly ISymbol Symbol = symbol;
        public readonly string Key = key;
        public bool Kept;
        public readonly Dictionary<(string, int, int), (Symbols.Where Place, string Text, bool Via)> Sites = [];
    }

    public static async Task<CallerTable> DescribeAsync(
        IEnumerable<SymbolCallerInfo> callers, SymbolDisplayFormat format, CancellationToken token)
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
                var text = (await tree.GetTextAsync(token)).Lines[place.Line - 1].ToString().Trim();
                caller.Sites[spot] = (place, text, !info.IsDirect);
            }
        }
        var kept = order.Where(caller => caller.Kept).ToList();
        var rows = kept.Select(caller =>
        {
            var sites = caller.Sites.Values.ToList();
            if (sites.Count > 1) sites.Sort(static (a, b) => Order(a.Place, b.Place));
            object[] row = [
                caller.Key,
                sites.Count > 0 && sites.All(s => s.Via),
                sites.Select(s => (object[])[.. s.Place.Row, s.Text, s.Via]).ToList(),
            ];
            return row;
        });
        return new CallerTable
        {
            Rows = JsonRows.Write(rows),
            Callers = [.. kept.Select(caller => caller.Symbol)],
        };
    }

    static int Order(Symbols.Where a, Symbols.Where b)
    {
        var byPath = string.CompareOrdinal(a.Path, b.Path);
        return byPath != 0 ? byPath : a.Line != b.Line ? a.Line.CompareTo(b.Line) : a.Column.CompareTo(b.Column);
    }

    static bool IsBaseCall(SyntaxNode root, Location location) =>
        root.FindNode(location.SourceSpan, false, true).Parent is MemberAccessExpressionSyntax
        {
            Expression: BaseExpressionSyntax,
        };
}
