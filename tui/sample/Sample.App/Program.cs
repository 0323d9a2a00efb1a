using Sample.Core;

namespace Sample.App;

public static class Program
{
    public static void Main()
    {
        var square = new Square(2);
        square.Scale(3);
        IShape[] shapes = [new Circle(new Point(0, 0), 1), square];
        foreach (var shape in shapes)
            Console.WriteLine(shape.Describe());
        Console.WriteLine(shapes.TotalArea());
    }
}
