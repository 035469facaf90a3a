// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.util.Arrays;

/**
 * A launch's grid in work-groups and its work-group size
 * (kgpu_launch_config). An all-zero grid is the default grid (parallel-loop
 * kernels only, sized from the largest buffer argument); an all-zero local
 * size is the kernel's own work-group size.
 */
public record LaunchConfig(int[] grid, int[] local) {
    public LaunchConfig {
        grid = three(grid, "grid");
        local = three(local, "local");
    }

    /** The default grid and work-group size (parallel-loop kernels). */
    public static LaunchConfig defaults() {
        return new LaunchConfig(new int[3], new int[3]);
    }

    /** {@code groups} work-groups (1 to 3 dimensions) of the kernel's work-group size. */
    public static LaunchConfig grid(int... groups) {
        return new LaunchConfig(groups, new int[3]);
    }

    /** The same grid with work-group size {@code size} (1 to 3 dimensions). */
    public LaunchConfig local(int... size) {
        return new LaunchConfig(grid, size);
    }

    /**
     * Enough work-groups of {@code kernel}'s work-group size to cover {@code
     * global} work-items per dimension (rounded up; the kernel must guard
     * the excess, as ND-range kernels do).
     */
    public static LaunchConfig global(Kernel kernel, int... global) {
        int[] g = three(global, "global");
        int[] wg = kernel.workgroupSize();
        int[] groups = new int[3];
        for (int d = 0; d < 3; d++) {
            int w = Math.max(1, wg[d]);
            groups[d] = Math.max(1, (int) ((Math.max(1L, g[d]) + w - 1) / w));
        }
        return new LaunchConfig(groups, new int[3]);
    }

    private static int[] three(int[] v, String what) {
        if (v == null || v.length > 3) {
            throw new IllegalArgumentException(what + ": 0 to 3 values, not "
                    + (v == null ? "null" : v.length));
        }
        int[] out = new int[3];
        for (int i = 0; i < v.length; i++) {
            if (v[i] < 0) {
                throw new IllegalArgumentException(what + "[" + i + "] is negative: " + v[i]);
            }
            out[i] = v[i];
        }
        return out;
    }

    @Override
    public String toString() {
        return "LaunchConfig[grid=" + Arrays.toString(grid) + ", local=" + Arrays.toString(local) + "]";
    }
}
