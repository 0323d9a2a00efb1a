namespace Sample.Core;

/// <summary>A square; its other half is in Square.Scaling.cs.</summary>
public partial class Square : IShape
{
    public Square(double side) => Side = side;

    public double Side { get; private set; }
    public double Area => Side * Side;
    public virtual string Describe() => $"square {Side}";
}
