using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>FindCallers' answer in one call, as engine/queries/calls.py reads it item by item (its
/// fallback): per caller info [caller index, key, direct, has locations, sites], each site
/// [path, line, column, end line, end column, line text, is a base.M() call] or null outside source; the callers
/// (normalized to their definitions) alongside.</summary>
public sealed class CallerTable
{
    public required string Rows { get; init; }
    public required ISymbol[] Callers { get; init; }

    public static async Task<CallerTable> DescribeAsync(
        IEnumerable<SymbolCallerInfo> callers, SymbolDisplayFormat format, CancellationToken token)
    {
        var rows = new List<object[]>();
        var symbols = new List<ISymbol>();
        foreach (var info in callers)
        {
            token.ThrowIfCancellationRequested();
            var caller = Symbols.Normalize(info.CallingSymbol);
            var key = Symbols.DocumentationId(caller);
            if (key.Length == 0) key = caller.ToDisplayString(format);
            var sites = new List<object[]?>();
            foreach (var location in info.Locations)
            {
                if (!location.IsInSource)
                {
                    sites.Add(null);  // still a call site that keeps the caller, with nowhere to show
                    continue;
                }
                var place = Symbols.Place(location);
                var tree = location.SourceTree!;
                var text = (await tree.GetTextAsync(token)).Lines[place.Line - 1].ToString().Trim();
                var isBase = !info.IsDirect && IsBaseCall(await tree.GetRootAsync(token), location);
                sites.Add([.. place.Row, text, isBase]);
            }
            rows.Add([symbols.Count, key, info.IsDirect, info.Locations.Any(), sites]);
            symbols.Add(caller);
        }
        return new CallerTable { Rows = System.Text.Json.JsonSerializer.Serialize(rows), Callers = [.. symbols] };
    }

    static bool IsBaseCall(SyntaxNode root, Location location) =>
        root.FindNode(location.SourceSpan, false, true).Parent is MemberAccessExpressionSyntax
        {
            Expression: BaseExpressionSyntax,
        };
}
