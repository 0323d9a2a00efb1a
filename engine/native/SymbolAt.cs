using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace RoslynTuiNative;

/// <summary>engine/symbols/naming.py's symbol_at in one crossing: the document's text, the position of a
/// 1-based line and column, its semantic model and the symbol there (or just before, as at the end of a
/// name). Asked from Python, those were five waits on tasks and ~300 us for a go to definition whose
/// compiler work is ~100 us.</summary>
public static class SymbolAt
{
    /// <summary>What is at a position: the symbol (normalized to its definition) or null; the document's
    /// line count, the line's width (-1 when the line is outside) and, when no symbol is there, the line's
    /// text, so that Python words the errors (a position outside the file, no symbol there).</summary>
    public sealed record Found(ISymbol? Symbol, int Lines, int Width, string LineText);

    public static async Task<Found> FindAsync(Document document, int line, int column, CancellationToken token)
    {
        var text = await document.GetTextAsync(token).ConfigureAwait(false);
        var lines = text.Lines.Count;
        if (line < 1 || line > lines) return new Found(null, lines, -1, "");
        var textLine = text.Lines[line - 1];
        var width = textLine.End - textLine.Start;
        if (column < 1 || column > width + 1) return new Found(null, lines, width, "");
        var position = textLine.Start + column - 1;
        var model = await document.GetSemanticModelAsync(token).ConfigureAwait(false);
        if (model is null) return new Found(null, lines, width, textLine.ToString().Trim());
        var workspace = document.Project.Solution.Workspace;
        for (var offset = position; offset >= Math.Max(position - 1, 0); offset--)
        {
            var symbol = await SymbolFinder.FindSymbolAtPositionAsync(model, offset, workspace, token).ConfigureAwait(false);
            if (symbol is not null) return new Found(Symbols.Normalize(symbol), lines, width, "");
        }
        return new Found(null, lines, width, textLine.ToString().Trim());
    }
}
