// A kernel the JVM frontend rejects (a private array of a run-time length):
// HostBindingTest expects a CompileException located at the allocation's line.
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class JavaBad {
  public static void scale(float[] a) {
    for (@Parallel int i = 0; i < a.length; i++) {
      float[] tmp = new float[a.length];
      a[i] = tmp[0] + a[i];
    }
  }
}
