using Microsoft.CodeAnalysis;

namespace RoslynTuiScip;

/// <summary>A SCIP Index written as a stream: the metadata first, then each document appended as the
/// Index's repeated field 2 as soon as it is made, so memory holds one document at a time (scip.proto
/// allows an Index to be read a field at a time).</summary>
public sealed class IndexFile : IDisposable
{
    const int IndexMetadata = 1, IndexDocuments = 2;
    const int MetadataToolInfo = 2, MetadataProjectRoot = 3, MetadataTextEncoding = 4, Utf8 = 1;
    const int ToolName = 1, ToolVersion = 2, ToolArguments = 3;

    readonly FileStream stream;
    readonly Dictionary<ISymbol, string> symbols = ScipSymbols.NewCache();

    public int Documents { get; private set; }
    public int Occurrences { get; private set; }
    public int Symbols { get; private set; }

    public IndexFile(string path, string projectRootUri, string toolVersion, string[] arguments)
    {
        stream = new FileStream(path, FileMode.CreateNew, FileAccess.Write);
        var tool = new Message().String(ToolName, "roslyn-tui").String(ToolVersion, toolVersion);
        foreach (var argument in arguments) tool.String(ToolArguments, argument);
        var metadata = new Message()
            .Nested(MetadataToolInfo, tool)
            .String(MetadataProjectRoot, projectRootUri)
            .Int32(MetadataTextEncoding, Utf8);
        Append(new Message().Nested(IndexMetadata, metadata));
    }

    /// <summary>Index one file of a compilation: ``relativePath`` is its path from the project root, with
    /// forward slashes.</summary>
    public void Add(SemanticModel model, string relativePath, CancellationToken cancel)
    {
        var (bytes, occurrences, defined) = DocumentIndexer.Index(model, relativePath, symbols, cancel);
        Append(new Message().Nested(IndexDocuments, bytes));
        Documents++;
        Occurrences += occurrences;
        Symbols += defined;
    }

    /// <summary>Forget the symbol strings of the compilations indexed so far: they hold those
    /// compilations' symbols alive, and another project's compilation has symbols of its own.</summary>
    public void NextProject() => symbols.Clear();

    void Append(Message message)
    {
        var bytes = message.Bytes();
        stream.Write(bytes, 0, bytes.Length);
    }

    public void Dispose()
    {
        stream.Flush(flushToDisk: true);
        stream.Dispose();
    }
}
