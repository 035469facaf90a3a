// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

/** Element and scalar types of kernel parameters (kgpu_type; the manifest's "type"). */
public enum ScalarType {
    INVALID(0, 0), I1(1, 1), I8(2, 1), I16(3, 2), I32(4, 4), I64(5, 8), F16(6, 2), BF16(7, 2),
    F32(8, 4), F64(9, 8), INDEX(10, 8);

    final int code;
    private final int size;

    ScalarType(int code, int size) {
        this.code = code;
        this.size = size;
    }

    /** Bytes of one element in host memory. */
    public int byteSize() {
        return size;
    }

    static ScalarType of(int code) {
        for (ScalarType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return INVALID;
    }
}
