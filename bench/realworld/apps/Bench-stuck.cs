#:project ../P0/P0.csproj
// A model whose computation waits for a signal nobody gives: Describe never returns.
Console.WriteLine(new Waiting(1).Describe());

class Waiting(int id) : Bench.P0.Model0_4(id)
{
    private static readonly ManualResetEventSlim Never = new();

    public override int Compute(int value)
    {
        Never.Wait();
        return value;
    }
}
