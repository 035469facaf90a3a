// What Java computes for the inputs of exact.mlir (test/Integration/Exact).
//
//   java Exact gen DIR     writes the kernels' inputs as raw little-endian files
//   java Exact expect      prints Java's results, one per line
//   java Exact show DIR    prints the kernels' outputs (read from DIR) in the
//                          same format, so that the two listings can be diffed
//
// Java throws ArithmeticException for an integer division or remainder by
// zero; a GPU kernel cannot, and kgpu.int_div/int_rem define the result
// instead (quotient 0, remainder the dividend). For those cases `expect`
// prints that documented value and marks the line "(Java throws)".

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class Exact {
  static final int IMIN = Integer.MIN_VALUE, IMAX = Integer.MAX_VALUE;
  static final long LMIN = Long.MIN_VALUE, LMAX = Long.MAX_VALUE;
  static final float FNAN = Float.NaN, FINF = Float.POSITIVE_INFINITY;
  static final double DNAN = Double.NaN, DINF = Double.POSITIVE_INFINITY;
  // A NaN with the sign bit set (what x86 computes for 0.0 / 0.0).
  static final float FNEG_NAN = Float.intBitsToFloat(0xffc00000);

  // {a, b} pairs for int_ops_i32; the first 8 are also folded
  // (exact_folded.mlir).
  static final int[][] I32 = {
    {IMIN, -1}, {7, 0}, {-7, 2}, {1, 33}, {1, -1}, {-7, 0}, {IMIN, 0}, {-1, 37},
    {7, 2}, {7, -2}, {-7, -2}, {IMIN, 1}, {IMAX, -1}, {0, 0}, {1, 31}, {1, 32},
    {-8, 100}, {0x12345678, 64}, {5, -33}, {IMAX, IMIN}, {-1, 2}, {-1, 10},
    {IMIN, 7}, {IMIN, -7}, {IMAX, 7}, {-2147483647, 2},
  };
  static final long[][] I64 = {
    {LMIN, -1}, {7, 0}, {-7, 2}, {1, 65}, {1, -1}, {LMIN, 0}, {-1, 63}, {-1, 64},
    {7, 2}, {-7, -2}, {LMAX, -1}, {0, 0}, {1, 32}, {0x123456789abcdefL, 128},
    {5, -65}, {-1, 10}, {LMIN, 7}, {LMIN, -7}, {LMIN + 1, 2},
  };
  static final float[] F32 = {
    FNAN, FINF, -FINF, 3e9f, -3e9f, -2.75f, -0.0f, 0.0f,
    1.5f, -1.5f, 2.5f, 2147483520f, 2147483648f, -2147483648f, 1e20f, -1e20f,
    9.3e18f, -9.3e18f, Float.MIN_VALUE, -Float.MIN_VALUE, FNEG_NAN,
  };
  static final double[] F64 = {
    DNAN, DINF, -DINF, 2147483647.9, 2147483648.0, -2147483648.5, -2147483649.0,
    9.223372036854775807E18, 1e19, -1e19, -9.223372036854775808E18, 0.9999,
    -0.9999, Double.MIN_VALUE, -0.0, 4294967296.5,
  };
  static final float[][] MM32 = {
    {FNAN, 1f}, {0f, -0f}, {1f, FNAN}, {-0f, 0f}, {FNAN, FNAN}, {0f, 0f},
    {-0f, -0f}, {FINF, FNAN}, {-FINF, FINF}, {1f, 2f}, {-1f, -2f},
    {Float.MIN_VALUE, -0f}, {FNEG_NAN, -FINF}, {FINF, FNEG_NAN},
  };
  static final double[][] MM64 = {
    {DNAN, 1}, {0.0, -0.0}, {1, DNAN}, {-0.0, 0.0}, {DNAN, DNAN}, {-0.0, -0.0},
    {-DINF, DNAN}, {-1.5, DINF}, {Double.MIN_VALUE, -0.0}, {3, -4},
  };
  // reduce_min_max: {initial out[0..3]} and the values folded into them.
  static final float[][] RED_INIT = {
    {FINF, -FINF, FINF, -FINF},
    {FINF, -FINF, FINF, -FINF},
    {FINF, -FINF, FINF, -FINF},
    {0f, -0f, 0f, -0f},
    // NaNs of either sign already in memory stay NaN.
    {FNAN, FNEG_NAN, FNAN, FNEG_NAN},
  };
  static final float[][] RED = {
    {3f, -1f, FNAN, 5f, -7f, 2f, 8f, 0.5f},
    {0f, -0f, 0f, -0f, 0f},
    {1f, 2f, 3f, -5.5f, 4f},
    {0f, 0f, -0f, 0f},
    {1f, -2f, 3f, -4f},
  };
  // group_min_max: 4 work-groups of 16.
  static float[] groups() {
    float[] x = new float[64];
    for (int i = 0; i < 16; ++i) {
      x[i] = i + 1;               // group 0: a NaN among 1..16
      x[16 + i] = i;              // group 1: 0, 1, ..., 15 with one -0.0
      x[32 + i] = -i;             // group 2: -0.0 (from -0), 0.0, -1, ..., -14
      x[48 + i] = -i - 1;         // group 3: -1, ..., -15 and one -0.0
    }
    x[5] = FNAN;
    x[16 + 9] = -0f;
    x[32] = -0f;
    x[33] = 0f;
    x[48 + 7] = -0f;
    return x;
  }

  static final List<String> lines = new ArrayList<>();

  static void line(String s) { lines.add(s); }

  // The kgpu results where Java throws.
  static String intOp(String op, long a, long b, boolean is64) {
    String where = " " + op + " " + a + " " + b + " = ";
    String t = is64 ? "i64" : "i32";
    try {
      long r;
      if (is64) {
        switch (op) {
          case "/": r = a / b; break;
          case "%": r = a % b; break;
          case "divu": r = Long.divideUnsigned(a, b); break;
          case "remu": r = Long.remainderUnsigned(a, b); break;
          case "<<": r = a << b; break;
          case ">>": r = a >> b; break;
          default: r = a >>> b; break;
        }
      } else {
        int x = (int) a, y = (int) b;
        switch (op) {
          case "/": r = x / y; break;
          case "%": r = x % y; break;
          case "divu": r = Integer.divideUnsigned(x, y); break;
          case "remu": r = Integer.remainderUnsigned(x, y); break;
          case "<<": r = x << y; break;
          case ">>": r = x >> y; break;
          default: r = x >>> y; break;
        }
      }
      return t + where + r;
    } catch (ArithmeticException e) {
      boolean div = op.equals("/") || op.equals("divu");
      return t + where + (div ? 0 : a) + " (Java throws)";
    }
  }

  static final String[] INT_OPS = {"/", "%", "divu", "remu", "<<", ">>", ">>>"};

  static void expect() {
    for (int[] p : I32)
      for (String op : INT_OPS)
        line(intOp(op, p[0], p[1], false));
    for (long[] p : I64)
      for (String op : INT_OPS)
        line(intOp(op, p[0], p[1], true));
    for (float f : F32) {
      line("(int) " + f + " = " + (int) f);
      line("(long) " + f + " = " + (long) f);
    }
    for (double d : F64) {
      line("(int) " + d + " = " + (int) d);
      line("(long) " + d + " = " + (long) d);
    }
    for (float[] p : MM32) {
      line("min(" + p[0] + ", " + p[1] + ") = " + Math.min(p[0], p[1]));
      line("max(" + p[0] + ", " + p[1] + ") = " + Math.max(p[0], p[1]));
    }
    for (double[] p : MM64) {
      line("min(" + p[0] + ", " + p[1] + ") = " + Math.min(p[0], p[1]));
      line("max(" + p[0] + ", " + p[1] + ") = " + Math.max(p[0], p[1]));
    }
    for (int s = 0; s < RED.length; ++s) {
      float[] acc = RED_INIT[s].clone();
      for (float v : RED[s]) {
        acc[0] = Math.min(acc[0], v);
        acc[1] = Math.max(acc[1], v);
        acc[2] = Math.min(acc[2], v);
        acc[3] = Math.max(acc[3], v);
      }
      reduceLines(s, acc);
    }
    float[] x = groups();
    float[] g = new float[8];
    for (int k = 0; k < 4; ++k) {
      float lo = FINF, hi = -FINF;
      for (int i = 0; i < 16; ++i) {
        lo = Math.min(lo, x[16 * k + i]);
        hi = Math.max(hi, x[16 * k + i]);
      }
      g[2 * k] = lo;
      g[2 * k + 1] = hi;
    }
    groupLines(g);
  }

  static void reduceLines(int s, float[] acc) {
    line("set " + s + ": reduce min " + acc[0] + ", reduce max " + acc[1]
         + ", atomic min " + acc[2] + ", atomic max " + acc[3]);
  }

  static void groupLines(float[] g) {
    for (int k = 0; k < 4; ++k)
      line("group " + k + ": min " + g[2 * k] + ", max " + g[2 * k + 1]);
  }

  static ByteBuffer read(Path dir, String name) throws IOException {
    return ByteBuffer.wrap(Files.readAllBytes(dir.resolve(name)))
        .order(ByteOrder.LITTLE_ENDIAN);
  }

  static void show(Path dir) throws IOException {
    ByteBuffer b = read(dir, "i32.out");
    for (int[] p : I32)
      for (String op : INT_OPS) {
        String s = "i32 " + op + " " + p[0] + " " + p[1] + " = " + b.getInt();
        boolean throwsInJava = p[1] == 0 && !op.startsWith("<") && !op.startsWith(">");
        line(throwsInJava ? s + " (Java throws)" : s);
      }
    b = read(dir, "i64.out");
    for (long[] p : I64)
      for (String op : INT_OPS) {
        String s = "i64 " + op + " " + p[0] + " " + p[1] + " = " + b.getLong();
        boolean throwsInJava = p[1] == 0 && !op.startsWith("<") && !op.startsWith(">");
        line(throwsInJava ? s + " (Java throws)" : s);
      }
    ByteBuffer fi = read(dir, "fi.out"), fl = read(dir, "fl.out");
    for (float f : F32) {
      line("(int) " + f + " = " + fi.getInt());
      line("(long) " + f + " = " + fl.getLong());
    }
    ByteBuffer di = read(dir, "di.out"), dl = read(dir, "dl.out");
    for (double d : F64) {
      line("(int) " + d + " = " + di.getInt());
      line("(long) " + d + " = " + dl.getLong());
    }
    b = read(dir, "mm32.out");
    for (float[] p : MM32) {
      line("min(" + p[0] + ", " + p[1] + ") = " + b.getFloat());
      line("max(" + p[0] + ", " + p[1] + ") = " + b.getFloat());
    }
    b = read(dir, "mm64.out");
    for (double[] p : MM64) {
      line("min(" + p[0] + ", " + p[1] + ") = " + b.getDouble());
      line("max(" + p[0] + ", " + p[1] + ") = " + b.getDouble());
    }
    for (int s = 0; s < RED.length; ++s) {
      b = read(dir, "red" + s + ".out");
      float[] acc = new float[4];
      for (int k = 0; k < 4; ++k)
        acc[k] = b.getFloat();
      reduceLines(s, acc);
    }
    b = read(dir, "group.out");
    float[] g = new float[8];
    for (int k = 0; k < 8; ++k)
      g[k] = b.getFloat();
    groupLines(g);
  }

  static void write(Path dir, String name, ByteBuffer b) throws IOException {
    Files.write(dir.resolve(name), b.array());
  }

  static ByteBuffer alloc(int bytes) {
    return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  static void gen(Path dir) throws IOException {
    ByteBuffer a = alloc(4 * I32.length), c = alloc(4 * I32.length);
    for (int[] p : I32) { a.putInt(p[0]); c.putInt(p[1]); }
    write(dir, "i32.a", a); write(dir, "i32.b", c);
    a = alloc(8 * I64.length); c = alloc(8 * I64.length);
    for (long[] p : I64) { a.putLong(p[0]); c.putLong(p[1]); }
    write(dir, "i64.a", a); write(dir, "i64.b", c);
    a = alloc(4 * F32.length);
    for (float f : F32) a.putInt(Float.floatToRawIntBits(f));
    write(dir, "f32", a);
    a = alloc(8 * F64.length);
    for (double d : F64) a.putLong(Double.doubleToRawLongBits(d));
    write(dir, "f64", a);
    a = alloc(4 * MM32.length); c = alloc(4 * MM32.length);
    for (float[] p : MM32) {
      a.putInt(Float.floatToRawIntBits(p[0]));
      c.putInt(Float.floatToRawIntBits(p[1]));
    }
    write(dir, "mm32.a", a); write(dir, "mm32.b", c);
    a = alloc(8 * MM64.length); c = alloc(8 * MM64.length);
    for (double[] p : MM64) {
      a.putLong(Double.doubleToRawLongBits(p[0]));
      c.putLong(Double.doubleToRawLongBits(p[1]));
    }
    write(dir, "mm64.a", a); write(dir, "mm64.b", c);
    for (int s = 0; s < RED.length; ++s) {
      a = alloc(4 * RED[s].length);
      for (float v : RED[s]) a.putInt(Float.floatToRawIntBits(v));
      write(dir, "red" + s + ".x", a);
      a = alloc(16);
      for (float v : RED_INIT[s]) a.putInt(Float.floatToRawIntBits(v));
      write(dir, "red" + s + ".init", a);
    }
    a = alloc(4 * 64);
    for (float v : groups()) a.putInt(Float.floatToRawIntBits(v));
    write(dir, "group.x", a);
  }

  public static void main(String[] args) throws IOException {
    switch (args[0]) {
      case "gen": gen(Path.of(args[1])); return;
      case "expect": expect(); break;
      case "show": show(Path.of(args[1])); break;
      default: throw new IllegalArgumentException(args[0]);
    }
    for (String s : lines)
      System.out.println(s);
    System.out.println("values: " + lines.size());
  }
}
