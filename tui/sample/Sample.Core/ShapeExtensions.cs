namespace Sample.Core;

public static class ShapeExtensions
{
    /// <summary>The sum of the areas.</summary>
    public static double TotalArea(this IEnumerable<IShape> shapes) => shapes.Sum(s => s.Area);
}
