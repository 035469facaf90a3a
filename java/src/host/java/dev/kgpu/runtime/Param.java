// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

/**
 * One visible kernel parameter, from the manifest (kgpu_param_info). Hidden
 * parameters (a JVM array's length, a Kernelin dispatch bound the runtime
 * derives) are filled by the runtime and not listed.
 */
public record Param(String name, int index, Kind kind, ScalarType type, Access access, long[] shape) {
    public enum Kind { BUFFER, SCALAR }

    public enum Access { READ, WRITE, READ_WRITE }

    @Override
    public String toString() {
        return (kind == Kind.BUFFER ? access.name().toLowerCase(java.util.Locale.ROOT) + " "
                + type.name().toLowerCase(java.util.Locale.ROOT) + "[]"
                : type.name().toLowerCase(java.util.Locale.ROOT)) + " " + name;
    }
}
