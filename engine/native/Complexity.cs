using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RoslynTuiNative;

/// <summary>Cyclomatic and cognitive complexity of each member, from its syntax: the rules
/// engine/analysis/complexity.py's docstring writes out, counted here in one call. One row per member: [display, documentation id, path, line,
/// column, end line, end column, cyclomatic, cognitive, lines].</summary>
public static class Complexity
{
    public static string Measure(Compilation compilation, SyntaxTree[] trees, SymbolDisplayFormat format, CancellationToken token)
    {
        var rows = new List<object?[]>();
        foreach (var tree in trees)
        {
            token.ThrowIfCancellationRequested();
            var root = tree.GetRoot(token);
            var model = compilation.GetSemanticModel(tree);
            foreach (var member in root.DescendantNodes(node => node is not (BaseMethodDeclarationSyntax or BasePropertyDeclarationSyntax)))
            {
                if (member is not (BaseMethodDeclarationSyntax or BasePropertyDeclarationSyntax)) continue;
                if (member is BaseMethodDeclarationSyntax { Body: null, ExpressionBody: null }) continue;
                if (member is BasePropertyDeclarationSyntax property && property.AccessorList is { } accessors
                    && accessors.Accessors.All(a => a.Body is null && a.ExpressionBody is null)) continue;
                var symbol = model.GetDeclaredSymbol(member, token);
                if (symbol is null) continue;
                var counter = new Counter();
                counter.Walk(member, 0);
                var whole = Symbols.Place(member.GetLocation());
                // A partial method's name in this part, not the other's.
                var name = Symbols.Place(symbol.Locations.FirstOrDefault(l => l.SourceTree == tree) ?? member.GetLocation());
                rows.Add([symbol.ToDisplayString(format), Symbols.DocumentationId(symbol), name.Path, name.Line, name.Column,
                    whole.EndLine, whole.EndColumn, counter.Cyclomatic, counter.Cognitive, whole.EndLine - whole.Line + 1]);
            }
        }
        return JsonRows.Write(rows);
    }

    sealed class Counter
    {
        public int Cyclomatic = 1;
        public int Cognitive;

        public void Walk(SyntaxNode node, int nesting)
        {
            switch (node)
            {
                case IfStatementSyntax statement:
                    Cyclomatic++;
                    Cognitive += statement.Parent is ElseClauseSyntax ? 1 : 1 + nesting;
                    Walk(statement.Condition, nesting);
                    Walk(statement.Statement, nesting + 1);
                    if (statement.Else is { } otherwise)
                    {
                        if (otherwise.Statement is IfStatementSyntax) Walk(otherwise.Statement, nesting);
                        else
                        {
                            Cognitive++;
                            Walk(otherwise.Statement, nesting + 1);
                        }
                    }
                    return;
                case ConditionalExpressionSyntax or SwitchStatementSyntax or SwitchExpressionSyntax
                    or ForStatementSyntax or ForEachStatementSyntax or ForEachVariableStatementSyntax
                    or WhileStatementSyntax or DoStatementSyntax or CatchClauseSyntax:
                    if (node is not (SwitchStatementSyntax or SwitchExpressionSyntax)) Cyclomatic++;
                    Cognitive += 1 + nesting;
                    WalkChildren(node, nesting + 1);
                    return;
                case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax:
                    WalkChildren(node, nesting + 1);
                    return;
                case BinaryExpressionSyntax binary when binary.Kind() is SyntaxKind.LogicalAndExpression or SyntaxKind.LogicalOrExpression:
                    Cyclomatic++;
                    if (Unparenthesized(binary.Left).Kind() != binary.Kind()) Cognitive++;
                    break;
                case BinaryExpressionSyntax binary when binary.Kind() is SyntaxKind.CoalesceExpression:
                    Cyclomatic++;
                    break;
                case AssignmentExpressionSyntax assignment when assignment.Kind() is SyntaxKind.CoalesceAssignmentExpression:
                    Cyclomatic++;
                    break;
                case ConditionalAccessExpressionSyntax or CaseSwitchLabelSyntax or CasePatternSwitchLabelSyntax
                    or BinaryPatternSyntax:
                    Cyclomatic++;
                    break;
                case SwitchExpressionArmSyntax arm when arm.Pattern is not DiscardPatternSyntax:
                    Cyclomatic++;
                    break;
                case GotoStatementSyntax:
                    Cognitive++;
                    break;
            }
            WalkChildren(node, nesting);
        }

        void WalkChildren(SyntaxNode node, int nesting)
        {
            foreach (var child in node.ChildNodes()) Walk(child, nesting);
        }

        static ExpressionSyntax Unparenthesized(ExpressionSyntax expression)
        {
            while (expression is ParenthesizedExpressionSyntax parenthesized) expression = parenthesized.Expression;
            return expression;
        }
    }
}
