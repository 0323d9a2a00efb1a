namespace Sample.Core;

public partial class Square
{
    /// <summary>Grows the square by a factor.</summary>
    public void Scale(double factor) => Side *= factor;

    /// <summary>Grows the square by a whole number.</summary>
    public void Scale(int factor) => Scale((double)factor);
}
