namespace Sample.Core;

/// <summary>Anything with an area.</summary>
public interface IShape
{
    /// <summary>The area in square units.</summary>
    double Area { get; }

    string Describe();
}

/// <summary>A point on the plane.</summary>
public record Point(double X, double Y);

/// <summary>A circle around a centre.</summary>
public sealed class Circle(Point centre, double radius) : IShape
{
    public Point Centre { get; } = centre;
    public double Radius { get; set; } = radius;
    public double Area => Math.PI * Radius * Radius;
    public string Describe() => $"circle r={Radius}";
}
