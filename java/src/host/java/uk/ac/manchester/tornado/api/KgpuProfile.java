// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/** What one execution (and the on-demand transfers of its result) did; times in nanoseconds. */
final class KgpuProfile {
    long totalNanos;
    long compileNanos;
    long kernelNanos;
    long writeNanos;
    long readNanos;
    long bytesIn;
    long bytesOut;
    int toDevice;
    int toHost;
    int zeroCopySkipped;
    int compilations;
    int diskCacheHits;
    int otherLoads;
    int launches;
    long deviceBytes;
}
