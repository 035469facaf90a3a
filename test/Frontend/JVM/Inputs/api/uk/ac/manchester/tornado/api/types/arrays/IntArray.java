package uk.ac.manchester.tornado.api.types.arrays;

public final class IntArray {
  private final int[] data;
  public IntArray(int size) { data = new int[size]; }
  public int get(int i) { return data[i]; }
  public void set(int i, int v) { data[i] = v; }
  public int getSize() { return data.length; }
  public void init(int v) { java.util.Arrays.fill(data, v); }
  public void clear() { java.util.Arrays.fill(data, (int) 0); }
}
