#:project ../P0/P0.csproj
// The generated solution's models: 400,000 descriptions, each a virtual call chain and a string.
var length = 0L;
for (var i = 0; i < 400_000; i++)
{
    length += new Bench.P0.Model0_4(i).Describe().Length;
}
Console.WriteLine($"described {length} characters");
Console.WriteLine($"allocated: {GC.GetTotalAllocatedBytes(true)}");
