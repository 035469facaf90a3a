// The first end-to-end JVM kernel: a 1-D @Parallel vector add. `gen DIR N`
// writes the inputs (raw little-endian floats, as kgpu-run reads them);
// `ref DIR N` runs the same kernel method on the JVM and writes c.ref.

import java.io.*;
import java.nio.*;
import java.nio.file.*;
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class VectorAddRun {
  public static void add(float[] a, float[] b, float[] c) {
    for (@Parallel int i = 0; i < c.length; i++) {
      c[i] = a[i] + b[i];
    }
  }

  static float[] read(Path p, int n) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
    float[] v = new float[n];
    bb.asFloatBuffer().get(v);
    return v;
  }

  static void write(Path p, float[] v) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    bb.asFloatBuffer().put(v);
    Files.write(p, bb.array());
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args[1]);
    int n = Integer.parseInt(args[2]);
    if (args[0].equals("gen")) {
      float[] a = new float[n], b = new float[n];
      long s = 12345;
      for (int i = 0; i < n; i++) {
        s = s * 6364136223846793005L + 1442695040888963407L;
        a[i] = (float) ((s >>> 40) / 16777216.0 * 200 - 100);
        b[i] = (float) (i * 0.37 - 7.5);
      }
      write(dir.resolve("a.bin"), a);
      write(dir.resolve("b.bin"), b);
    } else {
      float[] c = new float[n];
      add(read(dir.resolve("a.bin"), n), read(dir.resolve("b.bin"), n), c);
      write(dir.resolve("c.ref"), c);
    }
  }
}
