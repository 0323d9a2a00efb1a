using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>What a reference does at its location: engine/symbols/syntax_roles.py, rule for rule.</summary>
public static class SyntaxRoles
{
    public const string Read = "read", Write = "write", ReadWrite = "read-write", Invocation = "invocation",
        ObjectCreation = "object creation", TypeUse = "type use", NameOf = "nameof", DocComment = "doc comment",
        Declaration = "declaration";

    static string KindOf(SyntaxNode? node) => node?.GetType().Name ?? "";

    public static string Classify(SyntaxNode node, SymbolKind symbolKind)
    {
        var kind = KindOf(node);
        if (kind is "ImplicitObjectCreationExpressionSyntax" or "ObjectCreationExpressionSyntax") return ObjectCreation;
        if (InCref(node)) return DocComment;
        if (InNameOf(node)) return NameOf;
        var expression = OuterExpression(node);
        var parent = expression.Parent;
        switch (parent)
        {
            case Microsoft.CodeAnalysis.CSharp.Syntax.ObjectCreationExpressionSyntax creation when Same(creation.Type, expression):
                return ObjectCreation;
            case Microsoft.CodeAnalysis.CSharp.Syntax.ConstructorInitializerSyntax:
                return Invocation;
            case Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax invocation when Same(invocation.Expression, expression):
                return Invocation;
            case Microsoft.CodeAnalysis.CSharp.Syntax.AssignmentExpressionSyntax assignment when Same(assignment.Left, expression):
                return assignment.OperatorToken.Text == "=" ? Write : ReadWrite;
            case Microsoft.CodeAnalysis.CSharp.Syntax.PostfixUnaryExpressionSyntax postfix when postfix.OperatorToken.Text is "++" or "--":
                return ReadWrite;
            case Microsoft.CodeAnalysis.CSharp.Syntax.PrefixUnaryExpressionSyntax prefix when prefix.OperatorToken.Text is "++" or "--":
                return ReadWrite;
            case Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentSyntax argument when argument.RefKindKeyword.Text == "out":
                return Write;
            case Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentSyntax argument when argument.RefKindKeyword.Text == "ref":
                return ReadWrite;
        }
        return symbolKind == SymbolKind.NamedType ? TypeUse : Read;
    }

    /// <summary>From a simple name to the expression it names: a.B for B, A.B.C for C.</summary>
    static SyntaxNode OuterExpression(SyntaxNode node)
    {
        var current = node;
        while (current.Parent is { } parent && NamesThrough(parent, current)) current = parent;
        return current;
    }

    static bool NamesThrough(SyntaxNode parent, SyntaxNode child) => parent switch
    {
        Microsoft.CodeAnalysis.CSharp.Syntax.MemberAccessExpressionSyntax access => Same(access.Name, child),
        Microsoft.CodeAnalysis.CSharp.Syntax.ConditionalAccessExpressionSyntax conditional => Same(conditional.WhenNotNull, child),
        Microsoft.CodeAnalysis.CSharp.Syntax.QualifiedNameSyntax qualified => Same(qualified.Right, child),
        Microsoft.CodeAnalysis.CSharp.Syntax.AliasQualifiedNameSyntax alias => Same(alias.Name, child),
        _ => KindOf(parent) is "MemberBindingExpressionSyntax" or "NullableTypeSyntax",
    };

    static bool Same(SyntaxNode? a, SyntaxNode? b) =>
        a is not null && b is not null && a.Span == b.Span && KindOf(a) == KindOf(b);

    /// <summary>Inside a doc comment's cref (syntax_roles.py names the syntax classes: QualifiedCref and
    /// NameMemberCref are crefs, and every cref sits in an XmlCrefAttribute), checked by type: this runs for
    /// every reference, up to the file's root.</summary>
    static bool InCref(SyntaxNode node)
    {
        for (SyntaxNode? current = node; current is not null; current = current.Parent)
        {
            if (current is Microsoft.CodeAnalysis.CSharp.Syntax.CrefSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.XmlCrefAttributeSyntax)
            {
                return true;
            }
        }
        return false;
    }

    static bool InNameOf(SyntaxNode node)
    {
        for (var current = node.Parent; current is not null; current = current.Parent)
        {
            var kind = KindOf(current);
            if (current is Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax
                {
                    Expression: Microsoft.CodeAnalysis.CSharp.Syntax.IdentifierNameSyntax { Identifier.ValueText: "nameof" },
                })
            {
                return true;
            }
            if (kind.EndsWith("StatementSyntax") || kind.EndsWith("DeclarationSyntax")) return false;
        }
        return false;
    }
}
