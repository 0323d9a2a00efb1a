using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

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
    public static string OverrideMarks(ISymbol[] members, ISymbol target)
    {
        var wanted = Symbols.DocumentationId(Symbols.Normalize(target));
        var marks = new char[members.Length];
        for (var i = 0; i < members.Length; i++)
        {
            marks[i] = Overridden(members[i]) is { } overridden
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

    /// <summary>For each type, whether anything else derives from it or implements it (a type
    /// hierarchy's "expandable": one finder call, nothing described), as a string of 0s and 1s.</summary>
    public static async Task<string> ExpandableAsync(ISymbol[] types, Solution solution, CancellationToken token)
    {
        var marks = new char[types.Length];
        for (var i = 0; i < types.Length; i++)
        {
            marks[i] = types[i] is INamedTypeSymbol type && await HasDescendantsAsync(type, solution, token) ? '1' : '0';
        }
        return new string(marks);
    }

    static async Task<bool> HasDescendantsAsync(INamedTypeSymbol type, Solution solution, CancellationToken token)
    {
        // A cycle through broken code leads back to the type itself.
        var own = Symbols.DocumentationId(type);
        bool AnyOther(IEnumerable<INamedTypeSymbol> found) =>
            found.Any(other => Symbols.DocumentationId(Symbols.Normalize(other)) != own);
        return type.TypeKind switch
        {
            TypeKind.Interface =>
                AnyOther(await SymbolFinder.FindDerivedInterfacesAsync(type, solution, false, null, token))
                || AnyOther(await SymbolFinder.FindImplementationsAsync(type, solution, false, null, token)),
            TypeKind.Class => AnyOther(await SymbolFinder.FindDerivedClassesAsync(type, solution, false, null, token)),
            _ => false,
        };
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
