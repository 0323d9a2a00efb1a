using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>What engine/queries/implementations.py asks of each symbol SymbolFinder found, many in one
/// call: its own walk (the fallback) reads the same facts one property at a time.</summary>
public static class Relations
{
    /// <summary>The symbols normalized to their definitions, each once (the first with its documentation
    /// id), and their documentation ids one a line.</summary>
    public static UniqueSymbols Unique(IEnumerable<ISymbol> symbols)
    {
        var seen = new HashSet<string>();
        var found = new List<ISymbol>();
        var ids = new List<string>();
        foreach (var symbol in symbols)
        {
            var normalized = Symbols.Normalize(symbol);
            var id = Symbols.DocumentationId(normalized);
            if (!seen.Add(id)) continue;
            found.Add(normalized);
            ids.Add(id);
        }
        return new UniqueSymbols([.. found], string.Join("\n", ids));
    }

    /// <summary>One row per symbol: [documentation id, the documentation id of the member it overrides
    /// (normalized; "" when none), whether it implements an interface member explicitly, the documentation
    /// ids of the interfaces its containing type declares (normalized)].</summary>
    public static string Describe(IEnumerable<ISymbol> symbols)
    {
        var rows = new List<object[]>();
        foreach (var symbol in symbols)
        {
            ISymbol? overridden = !symbol.IsOverride ? null : symbol switch
            {
                IMethodSymbol method => method.OverriddenMethod,
                IPropertySymbol property => property.OverriddenProperty,
                IEventSymbol @event => @event.OverriddenEvent,
                _ => null,
            };
            var explicitly = symbol switch
            {
                IMethodSymbol method => method.ExplicitInterfaceImplementations.Length > 0,
                IPropertySymbol property => property.ExplicitInterfaceImplementations.Length > 0,
                IEventSymbol @event => @event.ExplicitInterfaceImplementations.Length > 0,
                _ => false,
            };
            var interfaces = symbol.ContainingType?.Interfaces.Select(i => Symbols.DocumentationId(Symbols.Normalize(i)))
                .ToArray() ?? [];
            rows.Add([
                Symbols.DocumentationId(symbol),
                overridden is null ? "" : Symbols.DocumentationId(Symbols.Normalize(overridden)),
                explicitly,
                interfaces,
            ]);
        }
        return System.Text.Json.JsonSerializer.Serialize(rows);
    }
}

public sealed record UniqueSymbols(ISymbol[] Symbols, string Ids);
