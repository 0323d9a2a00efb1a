using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>The rows of find_references, done here in one call. One row per location:
/// [path, line, column, end line, end column, kind, containing member, line text, related definition].</summary>
public static class References
{
    // Fewer documents than this to a core are not worth a task of their own.
    const int DocumentsPerShare = 4;

    public static async Task<string> DescribeAsync(
        IEnumerable<ReferencedSymbol> found,
        string wantedId,
        bool includeDeclarations,
        SymbolDisplayFormat format,
        CancellationToken token)
    {
        // In order, each place once (the first definition that found it wins). Places are cheap, rows are not:
        // a row binds its place's member, so the rows are written after, each core taking a share of the documents.
        var rows = new List<object[]?>();
        var placed = new Dictionary<(string, int, int), int>();
        var unwritten = new List<Unwritten>();
        var moved = new List<Unwritten>();
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
                    if (placed.TryAdd((place.Path, place.Line, place.Column), rows.Count))
                    {
                        rows.Add([.. place.Row, SyntaxRoles.Declaration, definition.ToDisplayString(format), "", ""]);
                    }
                }
            }
            var isConstructor = definition is IMethodSymbol { MethodKind: MethodKind.Constructor };
            // A component's references in generated code are its tags: engine/web/components.py places them.
            var component = IsComponent(definition);
            foreach (var reference in referenced.Locations)
            {
                token.ThrowIfCancellationRequested();
                if (!reference.Location.IsInSource) continue;
                var direct = Symbols.Place(reference.Location);
                var place = component ? direct : Symbols.PlaceOfUse(reference.Location, direct);
                var use = new Unwritten(rows.Count, reference, place, definition.Kind, isConstructor, related);
                if (place != direct)
                {
                    moved.Add(use);  // after every place written where it is: those own their rows
                    continue;
                }
                if (!placed.TryAdd((place.Path, place.Line, place.Column), rows.Count)) continue;
                unwritten.Add(use);
                rows.Add(null);
            }
        }
        foreach (var use in moved)
        {
            var place = use.Place;
            if (placed.TryGetValue((place.Path, place.Line, place.Column), out var row))
            {
                // Razor wrote one place of the file twice (an @bind-Value's read and its setter): one row,
                // whose kind says both.
                unwritten.Add(use with { Row = row, Merged = true });
                continue;
            }
            placed[(place.Path, place.Line, place.Column)] = rows.Count;
            unwritten.Add(use with { Row = rows.Count });
            rows.Add(null);
        }
        var enclosing = new System.Collections.Concurrent.ConcurrentDictionary<ISymbol, string>(ReferenceEqualityComparer.Instance);
        var documents = unwritten.GroupBy(u => u.Reference.Document.Id).ToArray();
        var shares = Math.Min(Environment.ProcessorCount, Math.Max(1, documents.Length / DocumentsPerShare));
        await Task.WhenAll(Enumerable.Range(0, shares).Select(share => Task.Run(async () =>
        {
            for (var i = share; i < documents.Length; i += shares)
            {
                await WriteRows(documents[i], rows, format, enclosing, token).ConfigureAwait(false);
            }
        }, token))).ConfigureAwait(false);
        return JsonRows.Write(rows);
    }

    /// <summary>The rows of one document's places, in their slots.</summary>
    static async Task WriteRows(
        IEnumerable<Unwritten> inDocument, List<object[]?> rows, SymbolDisplayFormat format, IDictionary<ISymbol, string> enclosing,
        CancellationToken token)
    {
        var document = inDocument.First().Reference.Document;
        var model = (await document.GetSemanticModelAsync(token).ConfigureAwait(false))!;
        foreach (var each in inDocument.OrderBy(u => u.Merged))
        {
            var location = each.Reference.Location;
            var tree = location.SourceTree!;
            var root = await tree.GetRootAsync(token).ConfigureAwait(false);
            var kind = KindAt(location, each.DefinitionKind, each.IsConstructor, each.Reference.IsImplicit, root);
            if (each.Merged)
            {
                // The row is this document's too (one generated file per Razor file): written just before.
                if (rows[each.Row] is { } row) row[5] = Both((string)row[5], kind);
                continue;
            }
            var text = await tree.GetTextAsync(token).ConfigureAwait(false);
            var member = Enclosing(model, location.SourceSpan.Start, format, enclosing, token);
            rows[each.Row] = [.. each.Place.Row, kind, member, Symbols.LineText(each.Place, tree, text), each.Related];
        }
    }

    public static bool IsComponent(ISymbol symbol) =>
        symbol is INamedTypeSymbol type
        && type.AllInterfaces.Any(i => i.ToDisplayString() == "Microsoft.AspNetCore.Components.IComponent");

    /// <summary>The kind of a place used two ways: a read and a write make a read-write.</summary>
    static string Both(string first, string second) =>
        first == second ? first
        : (first, second) is (SyntaxRoles.Read, SyntaxRoles.Write) or (SyntaxRoles.Write, SyntaxRoles.Read) ? SyntaxRoles.ReadWrite
        : first == SyntaxRoles.ReadWrite || second == SyntaxRoles.ReadWrite ? SyntaxRoles.ReadWrite : first;

    /// <summary>A place whose row is still to be written: its slot among the rows and what the row says of it.</summary>
    readonly record struct Unwritten(
        int Row, ReferenceLocation Reference, Symbols.Where Place, SymbolKind DefinitionKind, bool IsConstructor, string Related,
        bool Merged = false);

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

    /// <summary>How many places <see cref="Count"/> would count, looked for at most <paramref name="milliseconds"/>:
    /// the places found by then, and whether the search ended (a member used 15,000 times takes seconds; its
    /// lens shows "15,000+" meanwhile). -1 when a place is in generated code (the full answer counts those).</summary>
    public static async Task<CountSoFar> CountWithinAsync(
        ISymbol symbol, Solution solution, int milliseconds, CancellationToken token)
    {
        var progress = new CountingProgress();
        using var within = CancellationTokenSource.CreateLinkedTokenSource(token);
        within.CancelAfter(milliseconds);
        try
        {
            await SymbolFinder.FindReferencesAsync(symbol, solution, progress, null, within.Token).ConfigureAwait(false);
            return new CountSoFar(progress.Generated ? -1 : progress.Count, true);
        }
        catch (OperationCanceledException) when (!token.IsCancellationRequested)
        {
            return new CountSoFar(progress.Count, false);
        }
    }

    public sealed record CountSoFar(int Count, bool Complete);

    sealed class CountingProgress : IFindReferencesProgress
    {
        readonly HashSet<(string, int, int)> places = new();
        public bool Generated;

        public int Count { get { lock (places) return places.Count; } }

        public void OnReferenceFound(ISymbol symbol, ReferenceLocation location)
        {
            if (location.Document is SourceGeneratedDocument) { Generated = true; return; }
            if (!location.Location.IsInSource) return;
            var place = Symbols.Place(location.Location);
            lock (places) places.Add((place.Path, place.Line, place.Column));
        }

        public void OnStarted() { }
        public void OnCompleted() { }
        public void OnDefinitionFound(ISymbol symbol) { }
        public void OnFindInDocumentStarted(Document document) { }
        public void OnFindInDocumentCompleted(Document document) { }
        public void ReportProgress(int current, int maximum) { }
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
        SemanticModel model, int position, SymbolDisplayFormat format, IDictionary<ISymbol, string> known, CancellationToken token)
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
