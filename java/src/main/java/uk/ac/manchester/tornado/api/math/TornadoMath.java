// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.math;

/**
 * TornadoVM's math functions. On the JVM each float function is the double
 * function of java.lang.Math on the widened argument, rounded to float (what
 * the JDK itself does for sqrt); kgpu maps them to the target's math library
 * (docs/jvm.md says which are exact).
 */
public final class TornadoMath {
    private TornadoMath() {
    }

    public static float sqrt(float x) {
        return (float) sqrt((double) x);
    }

    public static double sqrt(double x) {
        return Math.sqrt(x);
    }

    public static float exp(float x) {
        return (float) exp((double) x);
    }

    public static double exp(double x) {
        return Math.exp(x);
    }

    public static float log(float x) {
        return (float) log((double) x);
    }

    public static double log(double x) {
        return Math.log(x);
    }

    public static float log2(float x) {
        return (float) log2((double) x);
    }

    public static double log2(double x) {
        return Math.log(x) / Math.log(2.0);
    }

    public static float sin(float x) {
        return (float) sin((double) x);
    }

    public static double sin(double x) {
        return Math.sin(x);
    }

    public static float cos(float x) {
        return (float) cos((double) x);
    }

    public static double cos(double x) {
        return Math.cos(x);
    }

    public static float tan(float x) {
        return (float) tan((double) x);
    }

    public static double tan(double x) {
        return Math.tan(x);
    }

    public static float tanh(float x) {
        return (float) tanh((double) x);
    }

    public static double tanh(double x) {
        return Math.tanh(x);
    }

    public static float asin(float x) {
        return (float) asin((double) x);
    }

    public static double asin(double x) {
        return Math.asin(x);
    }

    public static float acos(float x) {
        return (float) acos((double) x);
    }

    public static double acos(double x) {
        return Math.acos(x);
    }

    public static float atan(float x) {
        return (float) atan((double) x);
    }

    public static double atan(double x) {
        return Math.atan(x);
    }

    public static float asinh(float x) {
        return (float) asinh((double) x);
    }

    public static double asinh(double x) {
        return Math.log(x + Math.sqrt(x * x + 1.0));
    }

    public static float acosh(float x) {
        return (float) acosh((double) x);
    }

    public static double acosh(double x) {
        return Math.log(x + Math.sqrt(x * x - 1.0));
    }

    public static float sinpi(float x) {
        return (float) sinpi((double) x);
    }

    public static double sinpi(double x) {
        return Math.sin(Math.PI * x);
    }

    public static float cospi(float x) {
        return (float) cospi((double) x);
    }

    public static double cospi(double x) {
        return Math.cos(Math.PI * x);
    }

    public static float floor(float x) {
        return (float) floor((double) x);
    }

    public static double floor(double x) {
        return Math.floor(x);
    }

    public static float ceil(float x) {
        return (float) ceil((double) x);
    }

    public static double ceil(double x) {
        return Math.ceil(x);
    }

    public static float fract(float x) {
        return (float) fract((double) x);
    }

    public static double fract(double x) {
        return x - Math.floor(x);
    }

    public static float abs(float x) {
        return Math.abs(x);
    }

    public static double abs(double x) {
        return Math.abs(x);
    }

    public static float signum(float x) {
        return Math.signum(x);
    }

    public static double signum(double x) {
        return Math.signum(x);
    }

    public static float toRadians(float x) {
        return (float) toRadians((double) x);
    }

    public static double toRadians(double x) {
        return Math.toRadians(x);
    }

    public static float pow(float x, float y) {
        return (float) Math.pow(x, y);
    }

    public static double pow(double x, double y) {
        return Math.pow(x, y);
    }

    public static float atan2(float y, float x) {
        return (float) Math.atan2(y, x);
    }

    public static double atan2(double y, double x) {
        return Math.atan2(y, x);
    }

    public static float floatPI() {
        return (float) Math.PI;
    }

    public static double PI() {
        return Math.PI;
    }

    public static float min(float a, float b) {
        return Math.min(a, b);
    }

    public static float max(float a, float b) {
        return Math.max(a, b);
    }

    public static float clamp(float x, float lo, float hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static double clamp(double x, double lo, double hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static int min(int a, int b) {
        return Math.min(a, b);
    }

    public static int max(int a, int b) {
        return Math.max(a, b);
    }

    public static int clamp(int x, int lo, int hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static long clamp(long x, long lo, long hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static int abs(int x) {
        return Math.abs(x);
    }

    public static long abs(long x) {
        return Math.abs(x);
    }

    public static short abs(short x) {
        return (short) Math.abs(x);
    }

    public static short min(short a, short b) {
        return (short) Math.min(a, b);
    }

    public static short max(short a, short b) {
        return (short) Math.max(a, b);
    }

    public static short clamp(short x, short lo, short hi) {
        return (short) Math.min(Math.max(x, lo), hi);
    }

    public static byte abs(byte x) {
        return (byte) Math.abs(x);
    }

    public static byte min(byte a, byte b) {
        return (byte) Math.min(a, b);
    }

    public static byte max(byte a, byte b) {
        return (byte) Math.max(a, b);
    }

    public static byte clamp(byte x, byte lo, byte hi) {
        return (byte) Math.min(Math.max(x, lo), hi);
    }

    /** Host-side: whether the arrays are equal element by element (0.01 relative tolerance). */
    public static boolean isEqual(float[] a, float[] b) {
        return isEqualTol(a, b, 0.01f);
    }

    /** Host-side: whether |a[i] - b[i]| <= tol * max(1, |a[i]|) for every i. */
    public static boolean isEqualTol(float[] a, float[] b, float tol) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (Math.abs(a[i] - b[i]) > tol * Math.max(1.0f, Math.abs(a[i]))) {
                return false;
            }
        }
        return true;
    }
}
