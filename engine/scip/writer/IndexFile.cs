using Microsoft.CodeAnalysis;

namespace RoslynTuiScip;

/// <summary>A SCIP Index written as a stream: the metadata first, then each document appended as the
/// Index's repeated field 2 as soon as it is made, so memory holds a few documents at a time (scip.proto
/// allows an Index to be read a field at a time). A project's symbol strings are kept while its files
/// are indexed, then let go (they hold its compilation's symbols).</summary>
public sealed class IndexFile : IDisposable
{
    const int IndexMetadata = 1, IndexDocuments = 2;
    const int MetadataToolInfo = 2, MetadataProjectRoot = 3, MetadataTextEncoding = 4, Utf8 = 1;
    const int ToolName = 1, ToolVersion = 2, ToolArguments = 3;

    // Documents made at once before they are written: memory holds this many, whatever the solution.
    const int Batch = 16;
    readonly FileStream stream;

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

    /// <summary>Index the files ``paths`` of ``compilation`` (``relativePaths``: their paths from the
    /// project root, with forward slashes), a few at a time on every core, written in the order given.</summary>
    public void AddProject(Compilation compilation, string[] paths, string[] relativePaths, CancellationToken cancel)
    {
        var trees = new Dictionary<string, SyntaxTree>();
        foreach (var tree in compilation.SyntaxTrees) trees.TryAdd(tree.FilePath, tree);
        var symbols = ScipSymbols.NewCache();
        for (var first = 0; first < paths.Length; first += Batch)
        {
            var made = new (byte[] Bytes, int Occurrences, int Symbols)[Math.Min(Batch, paths.Length - first)];
            Parallel.For(0, made.Length, new ParallelOptions { CancellationToken = cancel }, i =>
            {
                var model = compilation.GetSemanticModel(trees[paths[first + i]]);
                made[i] = DocumentIndexer.Index(model, relativePaths[first + i], symbols, cancel);
            });
            foreach (var (bytes, occurrences, defined) in made)
            {
                Append(new Message().Nested(IndexDocuments, bytes));
                Documents++;
                Occurrences += occurrences;
                Symbols += defined;
            }
        }
    }

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
