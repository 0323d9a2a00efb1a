using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace RoslynTuiNative;

/// <summary>Identity and places of symbols, as engine/symbols/describe.py gives them.</summary>
public static class Symbols
{
    // Kept per symbol object: a symbol never changes, and the lists ask again for the same ones (a caller's
    // id is ~1.5 us to build, 12,600 of them in one call hierarchy; a line span ~1 us, and an override list
    // orders 1,575 by place each time). One table for both: a lookup is ~0.4 us.
    sealed class Facts(string id)
    {
        public readonly string Id = id;
        public Where[]? Places;
    }

    static readonly ConditionalWeakTable<ISymbol, Facts> facts = new();

    static Facts FactsOf(ISymbol symbol) => facts.GetValue(symbol, static symbol =>
        new Facts(symbol.GetDocumentationCommentId() ?? DocumentationCommentId.CreateReferenceId(symbol) ?? ""));

    public static string DocumentationId(ISymbol symbol) => FactsOf(symbol).Id;

    /// <summary>engine/symbols/describe.py's normalize: extension calls and constructed generics to their source.</summary>
    public static ISymbol Normalize(ISymbol symbol) =>
        (symbol is IMethodSymbol { ReducedFrom: { } reduced } ? reduced : symbol).OriginalDefinition;

    public readonly record struct Where(string Path, int Line, int Column, int EndLine, int EndColumn)
    {
        public object[] Row => [Path, Line, Column, EndLine, EndColumn];
    }

    /// <summary>A symbol's source places, each once, by path (ordinal), line and column: lists show it at the first.</summary>
    public static Where[] SourcePlaces(ISymbol symbol)
    {
        var kept = FactsOf(symbol);
        if (kept.Places is { } places) return places;
        // Without LINQ: most symbols have one place.
        var found = new List<Where>(1);
        foreach (var location in symbol.Locations)
        {
            if (location.IsInSource && Place(location) is var place && !found.Contains(place)) found.Add(place);
        }
        if (found.Count > 1) found.Sort(ComparePlaces);
        return kept.Places = [.. found];  // two threads may both compute it: the same places
    }

    /// <summary>Places by path (ordinal), line and column.</summary>
    public static int ComparePlaces(Where a, Where b)
    {
        var byPath = string.CompareOrdinal(a.Path, b.Path);
        return byPath != 0 ? byPath : a.Line != b.Line ? a.Line.CompareTo(b.Line) : a.Column.CompareTo(b.Column);
    }

    /// <summary>A source location, 1-based, the end exclusive, where a person edits it (<see cref="Answered"/>).</summary>
    public static Where Place(Location location)
    {
        var span = Answered(location);
        return new Where(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1,
            span.EndLinePosition.Line + 1, span.EndLinePosition.Character + 1);
    }

    /// <summary>The span a location is answered at: in code a generator wrote with <c>#line</c> directives
    /// to a file that exists (Razor's output, to its .razor and .cshtml lines), that file's span, as the
    /// compiler reports its errors; else the location's own.</summary>
    public static FileLinePositionSpan Answered(Location location)
    {
        var span = location.GetLineSpan();
        if (location.SourceTree is not { } tree || !tree.GetRoot().ContainsDirectives) return span;
        var mapped = location.GetMappedLineSpan();
        if (mapped.HasMappedPath && mapped.Path != span.Path && ExistingFile(mapped.Path)) return mapped;
        // A component's or page's class: Razor writes its declaration with no #line (nobody wrote
        // "class TodoList"), and the .razor file is where a person finds it.
        return RazorFileOf(tree) is { } razor && DeclaresType(location, tree)
            ? new FileLinePositionSpan(razor, new LinePosition(0, 0), new LinePosition(0, 0))
            : span;
    }

    /// <summary>Where a person wrote a use the compiler found in Razor's generated code, given its
    /// <see cref="Place"/>: that place when it is mapped already; else, for a use Razor wrote around what
    /// the file says (the setter of an <c>@bind-Value</c>, the type check of a component attribute's
    /// value), the span of the file the generated code maps that follows it in the same statement, else
    /// the nearest one writing the same name, at that name. A use of any other tree is at its place.</summary>
    public static Where PlaceOfUse(Location location, Where place)
    {
        if (location.SourceTree is not { } tree || place.Path != tree.FilePath || RazorFileOf(tree) is null) return place;
        var text = tree.GetText();
        var at = location.SourceSpan;
        var name = text.ToString(at);
        var spans = MappedSpans(tree);
        var found = Following(spans, text, at) ?? Nearest(spans, text, at, name);
        if (found is not { } chosen) return place;
        var written = text.ToString(chosen.Generated);
        var offset = name.Length > 0 ? written.IndexOf(name, StringComparison.Ordinal) : -1;
        var start = chosen.Mapped.StartLinePosition;
        var before = offset > 0 ? written[..offset] : "";
        var line = start.Line + before.Count(c => c == '\n');
        var column = before.Contains('\n') ? offset - before.LastIndexOf('\n') - 1 : start.Character + Math.Max(offset, 0);
        var length = offset >= 0 ? name.Length : 0;
        return new Where(chosen.Mapped.Path, line + 1, column + 1, line + 1, column + 1 + length);
    }

    readonly record struct MappedSpan(FileLinePositionSpan Mapped, Microsoft.CodeAnalysis.Text.TextSpan Generated);

    static readonly ConditionalWeakTable<SyntaxTree, MappedSpan[]> mappedSpans = new();

    /// <summary>The spans of a generated tree that <c>#line</c> maps to a file that exists, in order; read once a tree.</summary>
    static MappedSpan[] MappedSpans(SyntaxTree tree) => mappedSpans.GetValue(tree, t =>
    {
        var text = t.GetText();
        return t.GetLineMappings()
            .Where(m => !m.IsHidden && m.MappedSpan.HasMappedPath && ExistingFile(m.MappedSpan.Path))
            .Select(m => new MappedSpan(m.MappedSpan, text.Lines.GetTextSpan(m.Span)))
            .OrderBy(m => m.Generated.Start)
            .ToArray();
    });

    /// <summary>The span nearest <paramref name="at"/> that writes <paramref name="name"/>, within
    /// <see cref="RazorSameName"/> generated characters.</summary>
    static MappedSpan? Nearest(
        MappedSpan[] spans, Microsoft.CodeAnalysis.Text.SourceText text, Microsoft.CodeAnalysis.Text.TextSpan at, string name)
    {
        MappedSpan? nearest = null;
        var distance = int.MaxValue;
        foreach (var span in spans)
        {
            var generated = span.Generated;
            var gap = at.End <= generated.Start ? generated.Start - at.End : at.Start >= generated.End ? at.Start - generated.End : 0;
            if (gap < distance && WritesName(text.ToString(generated), name)) (nearest, distance) = (span, gap);
        }
        return distance <= RazorSameName ? nearest : null;
    }

    /// <summary>The first span after <paramref name="at"/>, within <see cref="RazorBeside"/> generated
    /// characters and no ';' between them.</summary>
    static MappedSpan? Following(
        MappedSpan[] spans, Microsoft.CodeAnalysis.Text.SourceText text, Microsoft.CodeAnalysis.Text.TextSpan at)
    {
        foreach (var span in spans)
        {
            if (span.Generated.Start < at.End) continue;
            if (span.Generated.Start - at.End > RazorBeside) return null;
            return text.ToString(Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(at.End, span.Generated.Start)).Contains(';') ? null : span;
        }
        return null;
    }

    static bool WritesName(string written, string name)
    {
        for (var at = written.IndexOf(name, StringComparison.Ordinal); at >= 0; at = written.IndexOf(name, at + 1, StringComparison.Ordinal))
        {
            var end = at + name.Length;
            if ((at == 0 || !char.IsLetterOrDigit(written[at - 1]) && written[at - 1] != '_')
                && (end == written.Length || !char.IsLetterOrDigit(written[end]) && written[end] != '_')) return true;
        }
        return false;
    }

    /// <summary>How far (in generated characters) a use Razor wrote with the same name may be from its span.</summary>
    const int RazorSameName = 3000;

    /// <summary>How far (in generated characters, #line directives included) a use Razor wrote before a
    /// span of the same statement may be from it.</summary>
    const int RazorBeside = 600;

    static readonly ConditionalWeakTable<SyntaxTree, string> razorFiles = new();

    /// <summary>The .razor or .cshtml file a Razor-generated tree was made from; null for any other tree.</summary>
    public static string? RazorFileOf(SyntaxTree tree)
    {
        var generated = tree.FilePath.Replace('\\', '/');
        if (!generated.EndsWith("_razor.g.cs", StringComparison.Ordinal)
            && !generated.EndsWith("_cshtml.g.cs", StringComparison.Ordinal)) return null;
        var found = razorFiles.GetValue(tree, t =>
        {
            // Shared/TodoList_razor.g.cs was made from Shared/TodoList.razor (its first #line may name _Imports.razor)
            var marker = generated.LastIndexOf("RazorSourceGenerator/", StringComparison.Ordinal);
            var relative = marker >= 0 ? generated[(marker + "RazorSourceGenerator/".Length)..] : Path.GetFileName(generated);
            var madeFrom = "/" + relative.Replace("_razor.g.cs", ".razor").Replace("_cshtml.g.cs", ".cshtml");
            return t.GetLineMappings()
                .Where(m => m.MappedSpan.HasMappedPath && ExistingFile(m.MappedSpan.Path))
                .Select(m => m.MappedSpan.Path)
                .FirstOrDefault(p => p.Replace('\\', '/').EndsWith(madeFrom, StringComparison.OrdinalIgnoreCase)) ?? "";
        });
        return found.Length > 0 ? found : null;
    }

    static bool DeclaresType(Location location, SyntaxTree tree)
    {
        var token = tree.GetRoot().FindToken(location.SourceSpan.Start);
        return token.Parent is Microsoft.CodeAnalysis.CSharp.Syntax.BaseTypeDeclarationSyntax declaration
            && declaration.Identifier == token;
    }

    static readonly System.Collections.Concurrent.ConcurrentDictionary<string, bool> existing = new();

    static bool ExistingFile(string path) => existing.GetOrAdd(path, p => Path.IsPathRooted(p) && File.Exists(p));

    /// <summary>The trimmed text of a place's line: from the tree, or from the file a <c>#line</c> mapped it to.</summary>
    public static string LineText(Where place, SyntaxTree tree, Microsoft.CodeAnalysis.Text.SourceText text)
    {
        if (place.Path == tree.FilePath) return text.Lines[place.Line - 1].ToString().Trim();
        var lines = File.ReadLines(place.Path).Skip(place.Line - 1).Take(1).ToList();
        return lines.Count == 1 ? lines[0].Trim() : "";
    }
}

/// <summary>A number for each symbol object, never given to another: what the engine made of a symbol
/// stays true while the symbol lives (a symbol is immutable, and a new compilation makes new ones), so
/// the engine keeps it under the number and describes only symbols it has not seen.</summary>
public static class Handles
{
    sealed class Number(long value)
    {
        public readonly long Value = value;
    }

    static readonly ConditionalWeakTable<ISymbol, Number> numbers = new();
    static long last;

    /// <summary>The symbols' numbers, comma-separated.</summary>
    public static string Of(IEnumerable<ISymbol> symbols) =>
        string.Join(",", symbols.Select(symbol => numbers.GetValue(symbol, _ => new Number(Interlocked.Increment(ref last))).Value));

    /// <summary>The symbols at the comma-separated <paramref name="indexes"/>.</summary>
    public static ISymbol[] Pick(ISymbol[] symbols, string indexes) =>
        [.. indexes.Split(',').Select(index => symbols[int.Parse(index)])];
}

/// <summary>Symbols as every list shows them (engine/symbols/summaries.py's summarize), many in one call. One row
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
        var names = new Names(shortFormat, fullFormat);
        var rows = new List<object?[]>();
        foreach (var symbol in symbols)
        {
            var places = Symbols.SourcePlaces(symbol).Select(p => p.Row).ToList();
            var place = places.FirstOrDefault();
            object?[] row = [
                symbol.Name == ".ctor" ? symbol.ContainingType?.Name ?? ".ctor" : symbol.Name,
                .. KindFacts(symbol),
                symbol.ToDisplayString(shortFormat),
                names.Qualified(symbol),
                Symbols.DocumentationId(symbol),
                names.Container(symbol),
                place,
                symbol.ContainingAssembly?.Name ?? "",
            ];
            rows.Add(signatureFormat is null ? row : [.. row, symbol.ToDisplayString(signatureFormat), places]);
        }
        return JsonRows.Write(rows);
    }

    /// <summary>What a search needs of every match, to count them and keep the wanted kinds (only the
    /// matches shown are described): one row per symbol, [kind facts (as in Describe), documentation id].</summary>
    public static string Keys(IEnumerable<ISymbol> symbols) =>
        JsonRows.Write(symbols.Select(symbol => (object?[])[.. KindFacts(symbol), Symbols.DocumentationId(symbol)]).ToList());

    static object[] KindFacts(ISymbol symbol) =>
    [
        symbol.Kind.ToString(),
        (symbol as INamedTypeSymbol)?.TypeKind.ToString() ?? "",
        (symbol as IMethodSymbol)?.MethodKind.ToString() ?? "",
        symbol is INamedTypeSymbol { IsRecord: true },
        symbol is IPropertySymbol { IsIndexer: true },
        symbol is IFieldSymbol && symbol.ContainingType?.TypeKind == TypeKind.Enum,
        symbol is IFieldSymbol { IsConst: true },
    ];

    /// <summary>Qualified names and containers, each container's made once per call: the members of a
    /// list mostly share a few types.</summary>
    sealed class Names(SymbolDisplayFormat shortFormat, SymbolDisplayFormat fullFormat)
    {
        readonly Dictionary<ISymbol, string> qualified = new(ReferenceEqualityComparer.Instance);
        readonly Dictionary<ISymbol, string> shown = new(ReferenceEqualityComparer.Instance);

        public string Qualified(ISymbol symbol)
        {
            if (symbol.Kind is SymbolKind.Namespace or SymbolKind.NamedType or SymbolKind.ErrorType or SymbolKind.ArrayType
                or SymbolKind.PointerType or SymbolKind.TypeParameter)
            {
                if (qualified.TryGetValue(symbol, out var known)) return known;
                var text = symbol.ToDisplayString(fullFormat);
                return qualified[symbol] = text.StartsWith("global::", StringComparison.Ordinal) ? text["global::".Length..] : text;
            }
            var container = symbol.ContainingType;
            var name = symbol.Name != ".ctor" ? symbol.Name : container?.Name ?? ".ctor";
            return container is not null ? $"{Qualified(container)}.{name}" : name;
        }

        public string Container(ISymbol symbol)
        {
            if (symbol.ContainingType is { } type)
            {
                if (!shown.TryGetValue(type, out var text)) shown[type] = text = type.ToDisplayString(shortFormat);
                return text;
            }
            return symbol.ContainingNamespace is { IsGlobalNamespace: false } ns ? Qualified(ns) : "";
        }
    }
}
