package uk.ac.manchester.tornado.api.types.arrays;

public final class FloatArray {
  private final float[] data;
  public FloatArray(int size) { data = new float[size]; }
  public float get(int i) { return data[i]; }
  public void set(int i, float v) { data[i] = v; }
  public int getSize() { return data.length; }
  public void init(float v) { java.util.Arrays.fill(data, v); }
  public void clear() { java.util.Arrays.fill(data, (float) 0); }
}
