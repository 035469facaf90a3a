// What a GPU cannot do: one located error (source file and line, method,
// hint, KG-E code) per rejected construct, checked against the
// expected-error comments below (the class file's diagnostics point at this
// file, which the test puts next to the class file).
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/Errors.java
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %t/Errors.java
// RUN: kgpu-translate %t/Errors.class --emit=mlir --verify-diagnostics
// RUN: not kgpu-translate %t/Errors.class --emit=mlir --kernel=Errors::allocates 2>&1 | FileCheck %s
// CHECK: Errors.java:[[@LINE+16]]:0: error: KG-E0101: a kernel cannot allocate objects in Errors.allocates; hint: pass arrays as parameters; a private array is new T[constant] of a primitive T

import uk.ac.manchester.tornado.api.KernelContext;

public class Errors {
  static int counter;
  int field;

  static int recursive(int n) {
    // expected-error @+1 {{KG-E0108: the call of Errors.recursive is recursive}}
    return n <= 0 ? 0 : recursive(n - 1) + 1;
  }

  public static void allocates(KernelContext kc, float[] out) {
    int i = kc.globalIdx;
    // expected-error @+1 {{KG-E0101: a kernel cannot allocate objects in Errors.allocates}}
    Object tmp = new Object();
    out[i] = tmp == null ? 0 : 1;
  }

  public static void throwsException(KernelContext kc, int[] out) {
    int i = kc.globalIdx;
    if (out[i] < 0)
      // expected-error @+1 {{KG-E0102: a kernel cannot throw exceptions (java.lang.IllegalStateException) in Errors.throwsException}}
      throw new IllegalStateException();
    out[i] = 1;
  }

  public static void catches(KernelContext kc, int[] out) {
    int i = kc.globalIdx;
    try {
      out[i] = out[i] / out[0];
      // expected-error @+1 {{KG-E0102: exception handlers (try/catch/finally) cannot run on a GPU in Errors.catches}}
    } catch (ArithmeticException e) {
      out[i] = 0;
    }
  }

  public static void monitor(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0103: synchronized blocks (monitors) cannot run on a GPU in Errors.monitor}}
    synchronized (out) {
      out[kc.globalIdx] = 1;
    }
  }

  public static void lambda(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0104: invokedynamic}}
    Runnable r = () -> {};
    out[kc.globalIdx] = 1;
  }

  public static void strings(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0105: strings cannot be used on a GPU (java.lang.String.length)}}
    out[kc.globalIdx] = "abc".length();
  }

  public static void objectParameter(KernelContext kc, Object[] unused, int[] out) {
    // expected-error @+1 {{KG-E0110: parameter 'unused' has type [Ljava/lang/Object;, which a kernel cannot take}}
    out[kc.globalIdx] = 1;
  }

  public static void virtualCall(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0106: the call of java.lang.Object.hashCode on an object is not supported on a GPU}}
    out[kc.globalIdx] = out.hashCode();
  }

  public static void staticField(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0107: the static field Errors.counter is not a constant kgpu can evaluate}}
    out[kc.globalIdx] = counter;
  }

  public static void writesStatic(KernelContext kc, int[] out) {
    // expected-error @+1 {{KG-E0107: a kernel cannot assign a static field}}
    counter = out[kc.globalIdx];
  }

  public static void callsRecursive(KernelContext kc, int[] out) {
    out[kc.globalIdx] = recursive(3);
  }

  public static void unsupportedMath(KernelContext kc, double[] out) {
    // expected-error @+1 {{KG-E0109: java.lang.Math.ulp is not supported on a GPU}}
    out[kc.globalIdx] = Math.ulp(1.0);
  }

  public static void unsupportedContext(KernelContext kc, float[] out) {
    // expected-error @+1 {{KG-E0109: KernelContext.swizzleStoreInt8([BIIIB)V is not supported by kgpu in Errors.unsupportedContext}}
    kc.swizzleStoreInt8(null, 0, 0, 16, (byte) 1);
    out[kc.globalIdx] = 1;
  }

  public static void localSize(KernelContext kc, int n, float[] out) {
    // expected-error @+1 {{KG-E0115: the size of a local array must be a positive constant}}
    float[] tile = kc.allocateFloatLocalArray(n);
    out[kc.globalIdx] = tile[0];
  }
}
