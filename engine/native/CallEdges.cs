using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RoslynTuiNative;

/// <summary>One document's calls as engine/testing/call_graph.py's scan finds them: each name, creation
/// and constructor chaining bound, kept when it is a method, property, event or field, as [caller id, called
/// id] (the caller being the member around it, a lambda's or local function's outer member); and each
/// member the document declares as [id, display, test framework, aliases]. JSON: [edges, members].</summary>
public static class CallEdges
{
    static readonly Dictionary<string, string> testAttributes = new()
    {
        ["Xunit.FactAttribute"] = "xUnit",
        ["Xunit.TheoryAttribute"] = "xUnit",
        ["NUnit.Framework.TestAttribute"] = "NUnit",
        ["NUnit.Framework.TestCaseAttribute"] = "NUnit",
        ["NUnit.Framework.TestCaseSourceAttribute"] = "NUnit",
        ["NUnit.Framework.TheoryAttribute"] = "NUnit",
        ["Microsoft.VisualStudio.TestTools.UnitTesting.TestMethodAttribute"] = "MSTest",
        ["Microsoft.VisualStudio.TestTools.UnitTesting.DataTestMethodAttribute"] = "MSTest",
    };

    public static async Task<string> ScanAsync(Document document, SymbolDisplayFormat format, CancellationToken token)
    {
        var root = await document.GetSyntaxRootAsync(token).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(token).ConfigureAwait(false);
        if (root is null || model is null) return "[[],[]]";
        var edges = new HashSet<(string, string)>();  // ordered by the engine
        var members = new List<object[]>();
        var owners = new Dictionary<int, string?>();
        foreach (var node in root.DescendantNodes())
        {
            token.ThrowIfCancellationRequested();
            if (IsMemberDeclaration(node))
            {
                Describe(model, node, format, members, token);
                continue;
            }
            SyntaxNode target;
            if (node is IdentifierNameSyntax or GenericNameSyntax) target = CallNode((SimpleNameSyntax)node);
            else if (node is ImplicitObjectCreationExpressionSyntax or ConstructorInitializerSyntax) target = node;
            else continue;
            var info = model.GetSymbolInfo(target, token);
            var bound = info.Symbol ?? info.CandidateSymbols.FirstOrDefault();
            if (bound is null || !IsCalledKind(bound)) continue;
            var called = Symbols.Normalize(bound);
            if (called is IMethodSymbol { MethodKind: MethodKind.LocalFunction or MethodKind.AnonymousFunction }) continue;
            var caller = EnclosingMember(model, node, owners, token);
            if (caller is not null) edges.Add((caller, Symbols.DocumentationId(called)));
        }
        var rows = edges.Select(edge => new object[] { edge.Item1, edge.Item2 }).ToList();
        return JsonRows.Write(new object[] { rows, members });
    }

    static bool IsCalledKind(ISymbol symbol) =>
        symbol.Kind is SymbolKind.Method or SymbolKind.Property or SymbolKind.Event or SymbolKind.Field;

    static bool IsMemberDeclaration(SyntaxNode node) => node is BaseMethodDeclarationSyntax or BasePropertyDeclarationSyntax
        or VariableDeclaratorSyntax;

    static void Describe(SemanticModel model, SyntaxNode node, SymbolDisplayFormat format, List<object[]> members, CancellationToken token)
    {
        var declared = model.GetDeclaredSymbol(node, token);
        if (declared is null) return;
        var symbol = Symbols.Normalize(declared);
        if (!IsCalledKind(symbol)) return;  // a local variable's declarator
        var id = Symbols.DocumentationId(symbol);
        if (id.Length == 0) return;
        members.Add([id, symbol.ToDisplayString(format), Framework(symbol), Aliases(symbol)]);
    }

    /// <summary>engine/testing/call_graph.py's aliases: itself, what it overrides, the interface members it implements.</summary>
    static List<string> Aliases(ISymbol symbol)
    {
        var found = new List<string> { Symbols.DocumentationId(symbol) };
        ISymbol? current = symbol;
        for (var i = 0; i < 50 && current is not null; i++)
        {
            current = current switch
            {
                IMethodSymbol m => m.OverriddenMethod,
                IPropertySymbol p => p.OverriddenProperty,
                IEventSymbol e => e.OverriddenEvent,
                _ => null,
            };
            if (current is null) break;
            current = Symbols.Normalize(current);
            found.Add(Symbols.DocumentationId(current));
        }
        if (symbol.ContainingType is { } owner)
        {
            var name = symbol.Name[(symbol.Name.LastIndexOf('.') + 1)..];
            foreach (var @interface in owner.AllInterfaces)
            foreach (var member in @interface.GetMembers(name))
            {
                var implementation = owner.FindImplementationForInterfaceMember(member);
                if (implementation is not null && found.Contains(Symbols.DocumentationId(Symbols.Normalize(implementation))))
                    found.Add(Symbols.DocumentationId(Symbols.Normalize(member)));
            }
        }
        return found.Where(id => id.Length > 0).Distinct().ToList();
    }

    static string Framework(ISymbol symbol)
    {
        if (symbol is not IMethodSymbol) return "";
        foreach (var attribute in symbol.GetAttributes())
            for (var kind = attribute.AttributeClass; kind is not null; kind = kind.BaseType)
                if (testAttributes.TryGetValue(kind.ToDisplayString(), out var framework)) return framework;
        return "";
    }

    static SyntaxNode CallNode(SimpleNameSyntax name)
    {
        SyntaxNode node = name;
        while (node.Parent is QualifiedNameSyntax qualified && qualified.Right == node) node = qualified;
        return node.Parent is ObjectCreationExpressionSyntax creation && creation.Type == node ? creation : name;
    }

    static string? EnclosingMember(SemanticModel model, SyntaxNode node, Dictionary<int, string?> owners, CancellationToken token)
    {
        for (var current = node.Parent; current is not null; current = current.Parent)
        {
            if (current is VariableDeclaratorSyntax { Parent.Parent: not (FieldDeclarationSyntax or EventFieldDeclarationSyntax) })
                continue;  // a local variable: keep going out
            if (IsMemberDeclaration(current))
            {
                if (!owners.TryGetValue(current.SpanStart, out var id))
                {
                    var declared = model.GetDeclaredSymbol(current, token);
                    id = declared is null ? null : Symbols.DocumentationId(Symbols.Normalize(declared));
                    owners[current.SpanStart] = id;
                }
                return id;
            }
            if (current is GlobalStatementSyntax) return null;
        }
        return null;
    }
}
