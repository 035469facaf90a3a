// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A device's description (kgpu_device_info). {@code backend} is "cpu",
 * "cuda" or "vulkan"; {@code index} counts within the backend; {@link
 * #spec()} is the string Device.open takes back.
 */
public record DeviceInfo(int ordinal, String backend, int index, String name, boolean isSoftware,
        int[] maxWorkgroupSize, int maxWorkgroupInvocations, int[] maxGrid, long maxLocalMemoryBytes,
        int subgroupSize, int computeUnits, long memoryBytes) {

    /** "cpu", "cuda:N" or "vulkan:N". */
    public String spec() {
        return backend.equals("cpu") ? "cpu" : backend + ":" + index;
    }

    static String backendName(int code) {
        return switch (code) {
            case 1 -> "cpu";
            case 2 -> "cuda";
            case 3 -> "vulkan";
            default -> "unknown";
        };
    }

    static DeviceInfo read(int ordinal, MemorySegment s) {
        return new DeviceInfo(ordinal, backendName(s.get(ValueLayout.JAVA_INT, Rt.DI_BACKEND)),
                s.get(ValueLayout.JAVA_INT, Rt.DI_INDEX), s.getString(Rt.DI_NAME),
                s.get(ValueLayout.JAVA_INT, Rt.DI_IS_SOFTWARE) != 0, ints(s, Rt.DI_MAX_WG),
                s.get(ValueLayout.JAVA_INT, Rt.DI_MAX_INVOCATIONS), ints(s, Rt.DI_MAX_GRID),
                s.get(ValueLayout.JAVA_LONG, Rt.DI_MAX_LOCAL_MEM), s.get(ValueLayout.JAVA_INT, Rt.DI_SUBGROUP),
                s.get(ValueLayout.JAVA_INT, Rt.DI_COMPUTE_UNITS), s.get(ValueLayout.JAVA_LONG, Rt.DI_MEMORY));
    }

    private static int[] ints(MemorySegment s, long offset) {
        return new int[] {s.get(ValueLayout.JAVA_INT, offset), s.get(ValueLayout.JAVA_INT, offset + 4),
                s.get(ValueLayout.JAVA_INT, offset + 8)};
    }

    @Override
    public String toString() {
        return spec() + " (" + name + (isSoftware ? ", software" : "") + ")";
    }
}
