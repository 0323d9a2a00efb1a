using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>What engine/queries/implementations.py asks of each symbol SymbolFinder found, many in one
/// call rather than one property at a time.</summary>
public static class Relations
{
    /// <summary>The symbols normalized to their definitions, each once (the first with its documentation
    /// id), and their documentation ids one a line.</summary>
    public static UniqueSymbols Unique(IEnumerable<ISymbol> symbols)
    {
        var (found, ids) = UniqueWithIds(symbols);
        return new UniqueSymbols([.. found], string.Join("\n", ids));
    }

    static (List<ISymbol> Symbols, List<string> Ids) UniqueWithIds(IEnumerable<ISymbol> symbols)
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
        return (found, ids);
    }

    /// <summary>The overrides of <paramref name="target"/> SymbolFinder found, as <see cref="Unique"/> gives
    /// them, in the order the lists show them: those overriding the target itself first (marked '1' in
    /// <see cref="OrderedSymbols.Marks"/>, as <see cref="OverrideMarks"/>), then by first source place (path,
    /// line), ties in the order found. One call where the list of a member overridden everywhere (1,575)
    /// took three and a sort in Python.</summary>
    public static OrderedSymbols OrderedOverrides(IEnumerable<ISymbol> found, ISymbol target)
    {
        var (symbols, ids) = UniqueWithIds(found);
        var marks = OverrideMarks(symbols, target);
        var places = symbols.Select(symbol => Symbols.SourcePlaces(symbol).FirstOrDefault()).ToArray();
        var order = Enumerable.Range(0, ids.Count)
            .OrderBy(i => marks[i] != '1')
            .ThenBy(i => places[i].Path ?? "", StringComparer.Ordinal)
            .ThenBy(i => places[i].Line)
            .ToArray();
        return new OrderedSymbols(
            [.. order.Select(i => symbols[i])],
            string.Join("\n", order.Select(i => ids[i])),
            new string([.. order.Select(i => marks[i])]));
    }

    /// <summary>For each type found deriving from or implementing <paramref name="target"/>, '1' where its own
    /// base list names the target (what SymbolFinder's non-transitive search finds), else '0': one
    /// transitive finder call then answers both questions.</summary>
    public static string DirectMarks(ISymbol[] found, ISymbol target)
    {
        var wanted = Symbols.DocumentationId(Symbols.Normalize(target));
        var marks = new char[found.Length];
        for (var i = 0; i < found.Length; i++)
        {
            marks[i] = found[i] is INamedTypeSymbol type && NamesDirectly(type, target, wanted) ? '1' : '0';
        }
        return new string(marks);
    }

    /// <summary>For each member found overriding <paramref name="target"/>, '1' where it overrides the target
    /// itself rather than another override of it, else '0'.</summary>
    static string OverrideMarks(IReadOnlyList<ISymbol> members, ISymbol target)
    {
        var normalized = Symbols.Normalize(target);
        var wanted = Symbols.DocumentationId(normalized);
        var owner = normalized.ContainingType?.Name;
        var marks = new char[members.Count];
        for (var i = 0; i < members.Count; i++)
        {
            // Most overrides of a member overridden everywhere override another override: another type's name
            // says so without an id.
            marks[i] = Overridden(members[i]) is { } overridden
                && overridden.ContainingType?.Name == owner
                && Symbols.DocumentationId(Symbols.Normalize(overridden)) == wanted ? '1' : '0';
        }
        return new string(marks);
    }

    static ISymbol? Overridden(ISymbol symbol) => !symbol.IsOverride ? null : symbol switch
    {
        IMethodSymbol method => method.OverriddenMethod,
        IPropertySymbol property => property.OverriddenProperty,
        IEventSymbol @event => @event.OverriddenEvent,
        _ => null,
    };

    static bool NamesDirectly(INamedTypeSymbol type, ISymbol target, string wanted) =>
        target is INamedTypeSymbol { TypeKind: TypeKind.Interface }
            ? type.Interfaces.Any(named => Symbols.DocumentationId(Symbols.Normalize(named)) == wanted)
            : type.BaseType is { } baseType && Symbols.DocumentationId(Symbols.Normalize(baseType)) == wanted;

    /// <summary>The documentation ids of every type that a type declared in these compilations names as its
    /// base class or among its interfaces (normalized, each once, "\n"-joined): whether a type has derived
    /// types or implementations of its own (a type hierarchy's "expandable") is then a lookup, where a
    /// non-transitive finder call per type lists them all (1,575 for a base class used everywhere).</summary>
    public static string NamedBases(Compilation[] compilations, CancellationToken token)
    {
        var named = new HashSet<string>();
        var types = new Stack<INamedTypeSymbol>();
        var namespaces = new Stack<INamespaceSymbol>();
        foreach (var compilation in compilations)
        {
            namespaces.Push(compilation.Assembly.GlobalNamespace);
            while (namespaces.Count > 0)
            {
                token.ThrowIfCancellationRequested();
                var ns = namespaces.Pop();
                foreach (var inner in ns.GetNamespaceMembers()) namespaces.Push(inner);
                foreach (var type in ns.GetTypeMembers()) types.Push(type);
                while (types.Count > 0)
                {
                    var type = types.Pop();
                    foreach (var nested in type.GetTypeMembers()) types.Push(nested);
                    // A cycle through broken code names the type itself: that is no descendant.
                    var own = Symbols.DocumentationId(type);
                    if (type.BaseType is { } baseType) Add(named, baseType, own);
                    foreach (var implemented in type.Interfaces) Add(named, implemented, own);
                }
            }
        }
        return string.Join("\n", named);
    }

    static void Add(HashSet<string> named, INamedTypeSymbol type, string own)
    {
        var id = Symbols.DocumentationId(Symbols.Normalize(type));
        if (id != own) named.Add(id);
    }

    /// <summary>One row per symbol: [documentation id, the documentation id of the member it overrides
    /// (normalized; "" when none), whether it implements an interface member explicitly, the documentation
    /// ids of the interfaces its containing type declares (normalized)].</summary>
    public static string Describe(IEnumerable<ISymbol> symbols)
    {
        var rows = new List<object[]>();
        foreach (var symbol in symbols)
        {
            var overridden = Overridden(symbol);
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
        return JsonRows.Write(rows);
    }
}

public sealed record UniqueSymbols(ISymbol[] Symbols, string Ids);

public sealed record OrderedSymbols(ISymbol[] Symbols, string Ids, string Marks);
