// Private arrays kgpu cannot compile: a length that is not a compile-time
// constant or not positive (KG-E0123), an array that leaves the work-item
// (KG-E0124: stored into a field, passed to a method that is not compiled
// with the kernel; a helper cannot return an array at all, KG-E0112), arrays of arrays (KG-E0113), and an array made
// before a @Parallel loop and written in it (KG-E0302), also through a
// helper; one located error per method, checked against the comments below.
// A constant index out of the array's bounds is a warning.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/PrivateErrors.java
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %t/PrivateErrors.java
// RUN: kgpu-translate %t/PrivateErrors.class --emit=mlir --verify-diagnostics
// RUN: not kgpu-translate %t/PrivateErrors.class --emit=mlir --kernel=PrivateErrors::runtimeLength 2>&1 | FileCheck %s
// CHECK: PrivateErrors.java:[[@LINE+22]]:0: error: KG-E0123: the length of a private array (new T[n]) must be a compile-time constant in PrivateErrors.runtimeLength; hint: use a literal, a static final int or a final local variable initialised with a constant

import java.util.Arrays;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class PrivateErrors {
  static float[] saved;

  static float[] make() {
    // expected-error @+1 {{KG-E0112: a helper method can only return a primitive value in PrivateErrors.make}}
    float[] a = new float[4];
    return a;
  }

  static void write(float[] a, int i) {
    a[i & 3] = 1f;
  }

  public static void runtimeLength(KernelContext kc, int n, float[] out) {
    int i = kc.globalIdx;
    // expected-error @+1 {{KG-E0123: the length of a private array (new T[n]) must be a compile-time constant}}
    float[] tmp = new float[n];
    out[i] = tmp[0];
  }

  public static void negativeLength(KernelContext kc, float[] out) {
    // expected-error @+1 {{KG-E0123: a private array of -2 elements: its length must be from 1 to 16777216 in PrivateErrors.negativeLength}}
    float[] tmp = new float[-2];
    out[kc.globalIdx] = tmp[0];
  }

  public static void returned(KernelContext kc, float[] out) {
    out[kc.globalIdx] = make()[0];
  }

  public static void field(KernelContext kc, float[] out) {
    float[] a = new float[4];
    // expected-error @+1 {{KG-E0124: a private array is stored into a field}}
    saved = a;
    out[kc.globalIdx] = a[0];
  }

  public static void library(KernelContext kc, float[] out) {
    float[] a = new float[4];
    // expected-error @+1 {{KG-E0124: a private array is passed to java.util.Arrays.fill, which is not compiled with the kernel: a private array belongs to one work-item}}
    Arrays.fill(a, 1f);
    out[kc.globalIdx] = a[0];
  }

  public static void cloned(KernelContext kc, float[] out) {
    float[] a = new float[4];
    // expected-error @+1 {{KG-E0124: a private array is passed to [F.clone}}
    float[] b = a.clone();
    out[kc.globalIdx] = b[0];
  }

  public static void atomic(KernelContext kc, int[] out) {
    int[] a = new int[4];
    // expected-error @+1 {{KG-E0124: a private array is passed to uk.ac.manchester.tornado.api.KernelContext.atomicAdd}}
    kc.atomicAdd(a, 0, 1);
    out[kc.globalIdx] = a[0];
  }

  public static void twoDimensional(KernelContext kc, float[] out) {
    // expected-error @+1 {{KG-E0113: arrays of arrays (new float[4][4]) cannot be used on a GPU}}
    float[][] m = new float[4][4];
    out[kc.globalIdx] = m[1][2];
  }

  public static void objects(KernelContext kc, float[] out) {
    // expected-error @+1 {{KG-E0101: a kernel cannot allocate arrays of objects}}
    Integer[] boxes = new Integer[4];
    out[kc.globalIdx] = 1f;
  }

  public static void carried(float[] in, float[] out) {
    float[] acc = new float[4];
    for (@Parallel int i = 0; i < out.length; i++) {
      // expected-error @+1 {{KG-E0302: a private array created before a @Parallel loop is written in the loop}}
      acc[i & 3] += in[i];
      out[i] = acc[0];
    }
  }

  public static void carriedThroughHelper(float[] out) {
    float[] acc = new float[4];
    for (@Parallel int i = 0; i < out.length; i++) {
      // expected-error @+1 {{KG-E0302: a private array created before a @Parallel loop is written in the loop}}
      write(acc, i);
      out[i] = acc[0];
    }
  }

  public static void readOnlyTable(float[] out) {
    // Filled before the loop and only read in it: fine.
    float[] table = {0.5f, 1.5f, 2.5f, 3.5f};
    for (@Parallel int i = 0; i < out.length; i++)
      out[i] = table[i & 3];
  }

  public static void constantIndex(KernelContext kc, float[] out) {
    float[] a = new float[4];
    // expected-warning @+1 {{the constant index 4 is out of the bounds of this array of 4 elements in PrivateErrors.constantIndex}}
    out[kc.globalIdx] = a[4];
  }
}
