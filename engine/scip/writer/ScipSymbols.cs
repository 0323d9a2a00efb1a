using System.Collections.Concurrent;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;

namespace RoslynTuiScip;

/// <summary>SCIP symbol strings in scip-dotnet's scheme, so that indexes made per project, here or by
/// scip-dotnet, join on their symbols: <c>scip-dotnet nuget ASSEMBLY VERSION DESCRIPTORS</c>, a namespace
/// as its own name only (<c>Core/</c>, as scip-dotnet writes it), <c>Type#</c>, <c>Member.</c>,
/// <c>Method(+N).</c> for the Nth overload of a name, <c>(parameter)</c>, <c>[TypeParameter]</c>.
/// Unlike scip-dotnet's default, symbols defined in source are global (their assembly's name and
/// version, as with its <c>--allow-global-symbol-definitions</c>): the index of one project is joined
/// with the index of another that references it. Locals are <c>local N</c>, numbered per document.</summary>
sealed class ScipSymbols
{
    static readonly Regex Simple = new(@"^[\w$+-]+$", RegexOptions.Compiled);
    readonly ConcurrentDictionary<ISymbol, string> globals;
    readonly Dictionary<ISymbol, string> locals = new(SymbolEqualityComparer.Default);

    /// <param name="globals">The strings of global symbols, shared by the documents indexed at once.</param>
    public ScipSymbols(ConcurrentDictionary<ISymbol, string> globals) => this.globals = globals;

    public static ConcurrentDictionary<ISymbol, string> NewCache() => new(SymbolEqualityComparer.Default);

    public string Of(ISymbol symbol)
    {
        symbol = symbol.OriginalDefinition;
        if (globals.TryGetValue(symbol, out var known)) return known;
        if (locals.TryGetValue(symbol, out known)) return known;
        if (IsLocal(symbol)) return Local(symbol);
        string owner;
        if (symbol is INamespaceSymbol)
        {
            owner = Package(null);
        }
        else if (symbol.ContainingSymbol is INamespaceSymbol { IsGlobalNamespace: true })
        {
            owner = Package(symbol.ContainingAssembly);
        }
        else if (symbol.ContainingSymbol is INamespaceSymbol)
        {
            owner = Package(symbol.ContainingAssembly) + Escaped(symbol.ContainingSymbol.Name) + "/";
        }
        else if (symbol.ContainingSymbol is null)
        {
            owner = Package(symbol.ContainingAssembly);
        }
        else
        {
            owner = Of(symbol.ContainingSymbol);
            if (owner.StartsWith("local ", StringComparison.Ordinal)) return Local(symbol);
        }
        var value = owner + Descriptor(symbol);
        globals[symbol] = value;
        return value;
    }

    public static bool IsLocal(ISymbol symbol) =>
        symbol.Kind is SymbolKind.Local or SymbolKind.RangeVariable or SymbolKind.Label or SymbolKind.Discard
        || symbol is IMethodSymbol { MethodKind: MethodKind.LocalFunction or MethodKind.AnonymousFunction }
        || (symbol.Name.Length == 0 && symbol.Kind != SymbolKind.Namespace);

    string Local(ISymbol symbol)
    {
        var value = "local " + locals.Count;
        locals[symbol] = value;
        return value;
    }

    static string Package(IAssemblySymbol? assembly) =>
        assembly is null
            ? "scip-dotnet nuget . . "
            : $"scip-dotnet nuget {assembly.Identity.Name.Replace(" ", "  ")} {assembly.Identity.Version} ";

    static string Descriptor(ISymbol symbol) => symbol switch
    {
        INamespaceSymbol => Escaped(symbol.Name) + "/",
        IMethodSymbol => Escaped(symbol.Name) + "(" + Overload(symbol) + ").",
        IParameterSymbol => "(" + Escaped(symbol.Name) + ")",
        ITypeParameterSymbol => "[" + Escaped(symbol.Name) + "]",
        INamedTypeSymbol or IEventSymbol => Escaped(symbol.Name) + "#",
        _ => Escaped(symbol.Name) + ".",
    };

    /// <summary>"" for the first member of its name in the type, "+N" for the next ones.</summary>
    static string Overload(ISymbol method)
    {
        if (method.ContainingType is null) return "";
        var before = 0;
        foreach (var member in method.ContainingType.GetMembers(method.Name))
        {
            if (SymbolEqualityComparer.Default.Equals(member, method)) return before == 0 ? "" : "+" + before;
            before++;
        }
        return "";
    }

    static string Escaped(string name) => Simple.IsMatch(name) ? name : "`" + name.Replace("`", "``") + "`";
}
