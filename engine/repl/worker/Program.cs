// The REPL worker: reads one JSON request a line from one inherited pipe and answers one JSON line
// on another (their descriptors are in ROSLYN_REPL_FDS, "read,write").
// Console output of user code is captured per evaluation; the process's own stdout and stderr
// are not the protocol, so nothing user code prints can corrupt it.
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Win32.SafeHandles;
using ReplWorker;

var descriptors = (Environment.GetEnvironmentVariable("ROSLYN_REPL_FDS") ?? "3,4").Split(',').Select(int.Parse).ToArray();
var input = new StreamReader(new FileStream(new SafeFileHandle(descriptors[0], true), FileAccess.Read), new UTF8Encoding(false));
var output = new StreamWriter(new FileStream(new SafeFileHandle(descriptors[1], true), FileAccess.Write), new UTF8Encoding(false))
{
    AutoFlush = true,
};
var session = new Session();

while (await input.ReadLineAsync() is { } line)
{
    JsonObject answer;
    try
    {
        var request = JsonNode.Parse(line)!.AsObject();
        answer = await session.HandleAsync(request);
    }
    catch (Exception error)
    {
        answer = new JsonObject { ["error"] = $"{error.GetType().Name}: {error.Message}" };
    }
    await output.WriteLineAsync(answer.ToJsonString());
}
