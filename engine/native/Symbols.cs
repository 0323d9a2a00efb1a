using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>Identity and places of symbols, as engine/symbols.py gives them.</summary>
public static class Symbols
{
    public static string DocumentationId(ISymbol symbol) =>
        symbol.GetDocumentationCommentId() ?? DocumentationCommentId.CreateReferenceId(symbol) ?? "";

    /// <summary>engine/symbols.py's normalize: extension calls and constructed generics to their source.</summary>
    public static ISymbol Normalize(ISymbol symbol) =>
        (symbol is IMethodSymbol { ReducedFrom: { } reduced } ? reduced : symbol).OriginalDefinition;

    public readonly record struct Where(string Path, int Line, int Column, int EndLine, int EndColumn)
    {
        public object[] Row => [Path, Line, Column, EndLine, EndColumn];
    }

    /// <summary>A source location, 1-based, the end exclusive.</summary>
    public static Where Place(Location location)
    {
        var span = location.GetLineSpan();
        return new Where(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1,
            span.EndLinePosition.Line + 1, span.EndLinePosition.Character + 1);
    }
}

/// <summary>Symbols as every list shows them (engine/symbols.py's summarize), many in one call. One row
/// per symbol: [name, kind facts (Kind, TypeKind, MethodKind, record, indexer, enum member, constant),
/// display, qualified name, documentation id, container, first source place or null, assembly], and with a
/// signature format also [signature, every source place] (for the on-disk index).</summary>
public static class Summaries
{
    public static string Describe(IEnumerable<ISymbol> symbols, SymbolDisplayFormat shortFormat, SymbolDisplayFormat fullFormat)
        => Describe(symbols, shortFormat, fullFormat, null);

    public static string Describe(
        IEnumerable<ISymbol> symbols, SymbolDisplayFormat shortFormat, SymbolDisplayFormat fullFormat, SymbolDisplayFormat? signatureFormat)
    {
        var rows = new List<object?[]>();
        foreach (var symbol in symbols)
        {
            var places = symbol.Locations.Where(l => l.IsInSource).Select(Symbols.Place).Distinct()
                .OrderBy(p => p.Path, StringComparer.Ordinal).ThenBy(p => p.Line).ThenBy(p => p.Column)
                .Select(p => p.Row).ToList();
            var place = places.FirstOrDefault();
            object?[] row = [
                symbol.Name == ".ctor" ? symbol.ContainingType?.Name ?? ".ctor" : symbol.Name,
                symbol.Kind.ToString(),
                (symbol as INamedTypeSymbol)?.TypeKind.ToString() ?? "",
                (symbol as IMethodSymbol)?.MethodKind.ToString() ?? "",
                symbol is INamedTypeSymbol { IsRecord: true },
                symbol is IPropertySymbol { IsIndexer: true },
                symbol is IFieldSymbol && symbol.ContainingType?.TypeKind == TypeKind.Enum,
                symbol is IFieldSymbol { IsConst: true },
                symbol.ToDisplayString(shortFormat),
                QualifiedName(symbol, fullFormat),
                Symbols.DocumentationId(symbol),
                Container(symbol, shortFormat, fullFormat),
                place,
                symbol.ContainingAssembly?.Name ?? "",
            ];
            rows.Add(signatureFormat is null ? row : [.. row, symbol.ToDisplayString(signatureFormat), places]);
        }
        return System.Text.Json.JsonSerializer.Serialize(rows);
    }

    static string QualifiedName(ISymbol symbol, SymbolDisplayFormat fullFormat)
    {
        if (symbol.Kind is SymbolKind.Namespace or SymbolKind.NamedType or SymbolKind.ErrorType or SymbolKind.ArrayType
            or SymbolKind.PointerType or SymbolKind.TypeParameter)
        {
            var text = symbol.ToDisplayString(fullFormat);
            return text.StartsWith("global::", StringComparison.Ordinal) ? text["global::".Length..] : text;
        }
        var container = symbol.ContainingType;
        var name = symbol.Name != ".ctor" ? symbol.Name : container?.Name ?? ".ctor";
        return container is not null ? $"{QualifiedName(container, fullFormat)}.{name}" : name;
    }

    static string Container(ISymbol symbol, SymbolDisplayFormat shortFormat, SymbolDisplayFormat fullFormat)
    {
        if (symbol.ContainingType is { } type) return type.ToDisplayString(shortFormat);
        return symbol.ContainingNamespace is { IsGlobalNamespace: false } ns ? QualifiedName(ns, fullFormat) : "";
    }
}
