// A TornadoVM-style @Parallel kernel that HostBindingTest compiles from its
// class bytes through libkgpu_compiler.
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class JavaVectorAdd {
  public static void add(float[] a, float[] b, float[] c) {
    for (@Parallel int i = 0; i < c.length; i++) {
      c[i] = a[i] + b[i];
    }
  }
}
