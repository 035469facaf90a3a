// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.enums;

/** The shape of a warp-level matrix multiply-accumulate (KernelContext.mma). */
public enum MMAShape {
    /** fp16 (and bf16) inputs, f32 accumulator: 16x8 output, k = 16. */
    M16N8K16("m16n8k16", 16, 8, 16),
    /** int8 (and FP8) inputs, s32 (f32) accumulator: 16x8 output, k = 32. */
    M16N8K32("m16n8k32", 16, 8, 32);

    private final String ptxName;
    private final int m;
    private final int n;
    private final int k;

    MMAShape(String ptxName, int m, int n, int k) {
        this.ptxName = ptxName;
        this.m = m;
        this.n = n;
        this.k = k;
    }

    /** The PTX spelling, e.g. {@code m16n8k16}. */
    public String getPtxName() {
        return ptxName;
    }

    public int getM() {
        return m;
    }

    public int getN() {
        return n;
    }

    public int getK() {
        return k;
    }
}
