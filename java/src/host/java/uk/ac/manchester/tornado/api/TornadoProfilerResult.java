// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/**
 * The profile of one execution (TornadoExecutionResult.getProfilerResult()):
 * times in nanoseconds, bytes, and kgpu's counters (getKgpu*). kgpu always
 * measures; withProfiler(ProfilerMode.CONSOLE) also prints it. On-demand
 * transfers of the result (TornadoExecutionResult.transferToHost) are added
 * to it.
 */
public final class TornadoProfilerResult {
    private final KgpuProfile p;

    TornadoProfilerResult(KgpuProfile p) {
        this.p = p;
    }

    /** The whole execute() call. */
    public long getTotalTime() {
        return p.totalNanos;
    }

    /** Compiling (or loading from a cache) the tasks' kernels. */
    public long getTornadoCompilerTime() {
        return p.compileNanos;
    }

    /** The same as getTornadoCompilerTime (kgpu has one compiler step). */
    public long getCompileTime() {
        return p.compileNanos;
    }

    /** Copies to and from the device. */
    public long getDataTransfersTime() {
        return p.writeNanos + p.readNanos;
    }

    /** Copies to the device. */
    public long getDeviceWriteTime() {
        return p.writeNanos;
    }

    /** Copies to the host. */
    public long getDeviceReadTime() {
        return p.readNanos;
    }

    /** The kernels' execution time (the runtime's per-launch timing). */
    public long getDeviceKernelTime() {
        return p.kernelNanos;
    }

    public long getTotalBytesCopyIn() {
        return p.bytesIn;
    }

    public long getTotalBytesCopyOut() {
        return p.bytesOut;
    }

    public long getTotalBytesTransferred() {
        return p.bytesIn + p.bytesOut;
    }

    /** Device memory the plan holds after the execution (zero-copy buffers not counted). */
    public long getTotalDeviceMemoryUsage() {
        return p.deviceBytes;
    }

    /** kgpu: copies to the device (one per object moved). */
    public int getKgpuTransfersToDevice() {
        return p.toDevice;
    }

    /** kgpu: copies to the host. */
    public int getKgpuTransfersToHost() {
        return p.toHost;
    }

    /** kgpu: transfers not needed because the buffer is the host memory itself (zero-copy on the CPU). */
    public int getKgpuZeroCopyTransfers() {
        return p.zeroCopySkipped;
    }

    /** kgpu: kernels compiled by this execution (not found in a cache). */
    public int getKgpuCompilations() {
        return p.compilations;
    }

    /** kgpu: kernels this execution took from the disk cache. */
    public int getKgpuDiskCacheHits() {
        return p.diskCacheHits;
    }

    /** kgpu: kernel launches. */
    public int getKgpuLaunches() {
        return p.launches;
    }

    /** The profile as one JSON object (what ProfilerMode.CONSOLE prints). */
    public String toJson() {
        return "{\"totalTime\": " + p.totalNanos + ", \"compileTime\": " + p.compileNanos + ", \"kernelTime\": "
                + p.kernelNanos + ", \"writeTime\": " + p.writeNanos + ", \"readTime\": " + p.readNanos
                + ", \"bytesCopyIn\": " + p.bytesIn + ", \"bytesCopyOut\": " + p.bytesOut
                + ", \"transfersToDevice\": " + p.toDevice + ", \"transfersToHost\": " + p.toHost
                + ", \"zeroCopyTransfers\": " + p.zeroCopySkipped + ", \"compilations\": " + p.compilations
                + ", \"diskCacheHits\": " + p.diskCacheHits + ", \"launches\": " + p.launches
                + ", \"deviceMemory\": " + p.deviceBytes + "}";
    }

    @Override
    public String toString() {
        return toJson();
    }
}
