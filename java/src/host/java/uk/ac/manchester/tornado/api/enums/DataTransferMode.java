// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.enums;

/**
 * When {@code TaskGraph.transferToDevice}/{@code transferToHost} move their
 * objects: {@link #FIRST_EXECUTION} on the first execution of the plan only
 * (again after {@code freeDeviceMemory}), {@link #EVERY_EXECUTION} on every
 * execution, {@link #UNDER_DEMAND} (to the host only) when {@code
 * TornadoExecutionResult.transferToHost} asks.
 */
public final class DataTransferMode {
    public static final int FIRST_EXECUTION = 0;
    public static final int EVERY_EXECUTION = 1;
    public static final int UNDER_DEMAND = 2;

    private DataTransferMode() {}

    /** The constant's name, for messages. */
    public static String toString(int mode) {
        return switch (mode) {
            case FIRST_EXECUTION -> "FIRST_EXECUTION";
            case EVERY_EXECUTION -> "EVERY_EXECUTION";
            case UNDER_DEMAND -> "UNDER_DEMAND";
            default -> "mode " + mode;
        };
    }
}
