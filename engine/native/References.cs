using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>The rows of find_references: what engine/queries/references.py's Python walk computes
/// (kept as its fallback), done here in one call. One row per location:
/// [path, line, column, end line, end column, kind, containing member, line text, related definition].</summary>
public static class References
{
    public static async Task<string> DescribeAsync(
        IEnumerable<ReferencedSymbol> found,
        string wantedId,
        bool includeDeclarations,
        SymbolDisplayFormat format,
        CancellationToken token)
    {
        var rows = new Dictionary<(string, int, int), object[]>();
        var models = new Dictionary<DocumentId, SemanticModel>();
        var enclosing = new Dictionary<ISymbol, string>(ReferenceEqualityComparer.Instance);
        foreach (var referenced in found)
        {
            var definition = referenced.Definition;
            var definitionId = Symbols.DocumentationId(definition);
            var related = RelatedName(definition, wantedId, definitionId, format);
            if (related is null) continue;
            if (includeDeclarations && definitionId == wantedId)
            {
                foreach (var declared in definition.Locations.Where(l => l.IsInSource))
                {
                    var place = Symbols.Place(declared);
                    rows.TryAdd((place.Path, place.Line, place.Column),
                        [.. place.Row, SyntaxRoles.Declaration, definition.ToDisplayString(format), "", ""]);
                }
            }
            var isConstructor = definition is IMethodSymbol { MethodKind: MethodKind.Constructor };
            foreach (var reference in referenced.Locations)
            {
                token.ThrowIfCancellationRequested();
                var location = reference.Location;
                if (!location.IsInSource) continue;
                var place = Symbols.Place(location);
                var key = (place.Path, place.Line, place.Column);
                if (rows.ContainsKey(key)) continue;
                var tree = location.SourceTree!;
                var span = location.SourceSpan;
                var kind = KindAt(location, definition.Kind, isConstructor, reference.IsImplicit, await tree.GetRootAsync(token));
                var text = await tree.GetTextAsync(token);
                var lineText = Symbols.LineText(place, tree, text);
                if (!models.TryGetValue(reference.Document.Id, out var model))
                {
                    model = (await reference.Document.GetSemanticModelAsync(token))!;
                    models[reference.Document.Id] = model;
                }
                rows[key] = [.. place.Row, kind, Enclosing(model, span.Start, format, enclosing, token), lineText, related];
            }
        }
        return JsonRows.Write(rows.Values);
    }

    /// <summary>How many places DescribeAsync would list (declarations left out), without describing them: a
    /// code lens's count. -1 when one is in generated code, whose places a feature may move (a Razor
    /// component's tag): the caller then counts the described list.</summary>
    public static int Count(IEnumerable<ReferencedSymbol> found)
    {
        var places = new HashSet<(string, int, int)>();
        foreach (var referenced in found)
        {
            foreach (var reference in referenced.Locations)
            {
                if (reference.Document is SourceGeneratedDocument) return -1;
                if (!reference.Location.IsInSource) continue;
                var place = Symbols.Place(reference.Location);
                places.Add((place.Path, place.Line, place.Column));
            }
        }
        return places.Count;
    }

    /// <summary>"" for the symbol itself and its constructors; the related symbol's name for cascaded ones.</summary>
    static string? RelatedName(ISymbol definition, string wantedId, string definitionId, SymbolDisplayFormat format)
    {
        if (definitionId == wantedId) return "";
        if (definition is IMethodSymbol { MethodKind: MethodKind.Constructor } constructor
            && Symbols.DocumentationId(constructor.ContainingType) == wantedId)
        {
            return "";
        }
        return definition.ToDisplayString(format);
    }

    /// <summary>What the reference at <paramref name="location"/> does, seen from the definition it was
    /// found for (a constructor's are object creations wherever its type is named).</summary>
    internal static string KindAt(Location location, SymbolKind definitionKind, bool isConstructor, bool isImplicit, SyntaxNode root)
    {
        var node = root.FindNode(location.SourceSpan, false, true);
        var kind = SyntaxRoles.Classify(node, definitionKind);
        if (isConstructor && kind is not (SyntaxRoles.NameOf or SyntaxRoles.DocComment))
        {
            kind = isImplicit || kind is SyntaxRoles.ObjectCreation or SyntaxRoles.TypeUse or SyntaxRoles.Read
                ? SyntaxRoles.ObjectCreation
                : kind;
        }
        return kind;
    }

    /// <summary>The member whose body holds a position, as C# names it (made once per member: a body
    /// holds many references).</summary>
    internal static string Enclosing(
        SemanticModel model, int position, SymbolDisplayFormat format, Dictionary<ISymbol, string> known, CancellationToken token)
    {
        var symbol = model.GetEnclosingSymbol(position, token);
        while (symbol is IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction })
        {
            symbol = symbol.ContainingSymbol;
        }
        if (symbol is null or INamespaceSymbol) return "";
        if (!known.TryGetValue(symbol, out var text)) known[symbol] = text = symbol.ToDisplayString(format);
        return text;
    }
}
