// Input of StaticInitTest.cpp: Groovy (@CompileStatic) moves float and
// long literals into synthetic $const$N fields set by __$swapInit(), which
// <clinit> calls.
import groovy.transform.CompileStatic

@CompileStatic
class GroovyConstants {
  static final float SCALE = 2.5f
  static final int N = 64
  static void scale(float[] a) {
    for (int i = 0; i < a.length; i++) {
      a[i] = a[i] * 0.75f + 1.0f + SCALE
    }
  }
  static long lsum(long x) { return x + 5000000000L }
}
