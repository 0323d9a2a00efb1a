using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>Every named type and member a compilation declares in source, in the order
/// engine/declarations.py's Python walk yields them (a stack of containers, members in declaration
/// order): the names joined by newlines (one string to cross into Python) and the symbols.</summary>
public sealed class DeclarationTable
{
    public required string Names { get; init; }
    public required ISymbol[] Symbols { get; init; }

    static readonly HashSet<MethodKind> Hidden =
    [
        MethodKind.PropertyGet, MethodKind.PropertySet, MethodKind.EventAdd, MethodKind.EventRemove,
        MethodKind.EventRaise, MethodKind.StaticConstructor,
    ];

    public static DeclarationTable Walk(Compilation compilation, CancellationToken token)
    {
        var names = new List<string>();
        var symbols = new List<ISymbol>();
        var stack = new Stack<INamespaceOrTypeSymbol>();
        stack.Push(compilation.Assembly.GlobalNamespace);
        while (stack.Count > 0)
        {
            token.ThrowIfCancellationRequested();
            var container = stack.Pop();
            foreach (var member in container.GetMembers())
            {
                if (member is INamespaceSymbol ns)
                {
                    stack.Push(ns);
                    continue;
                }
                if (member.IsImplicitlyDeclared || member.Locations.Length == 0 || !member.Locations[0].IsInSource) continue;
                if (member is INamedTypeSymbol type) stack.Push(type);
                else if (member is IMethodSymbol method && Hidden.Contains(method.MethodKind)) continue;
                names.Add(member.Name == ".ctor" ? member.ContainingType.Name : member.Name);
                symbols.Add(member);
            }
        }
        return new DeclarationTable { Names = string.Join('\n', names), Symbols = [.. symbols] };
    }
}
