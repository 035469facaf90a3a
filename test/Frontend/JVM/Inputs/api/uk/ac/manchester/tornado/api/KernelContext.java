package uk.ac.manchester.tornado.api;

import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class KernelContext {
  public final Integer globalIdx = 0, globalIdy = 0, globalIdz = 0;
  public final Integer localIdx = 0, localIdy = 0, localIdz = 0;
  public final Integer groupIdx = 0, groupIdy = 0, groupIdz = 0;
  public final Integer globalGroupSizeX = 1, globalGroupSizeY = 1, globalGroupSizeZ = 1;
  public final Integer localGroupSizeX = 1, localGroupSizeY = 1, localGroupSizeZ = 1;
  public void localBarrier() {}
  public void globalBarrier() {}
  public int[] allocateIntLocalArray(int size) { return new int[size]; }
  public float[] allocateFloatLocalArray(int size) { return new float[size]; }
  public long[] allocateLongLocalArray(int size) { return new long[size]; }
  public double[] allocateDoubleLocalArray(int size) { return new double[size]; }
  public void atomicAdd(int[] array, int index, int val) { array[index] += val; }
  public void atomicAdd(IntArray array, int index, int val) { array.set(index, array.get(index) + val); }
  public void atomicAdd(FloatArray array, int index, float val) { array.set(index, array.get(index) + val); }
  public float simdSum(float val) { return val; }
  public float simdShuffleDown(float val, int delta) { return val; }
  public float simdBroadcastFirst(float val) { return val; }
  public void swizzleStoreInt8(byte[] arr, int row, int col, int stride, byte v) {}
}
