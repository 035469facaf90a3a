// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/**
 * The global and local (work-group) sizes of a task's launch, in work-items
 * per dimension. The global size must be a multiple of the local size in
 * each dimension; without a local size kgpu picks one that divides the
 * global size (the largest divisor within the kernel's default work-group
 * size and the device's limits).
 */
public interface WorkerGrid {
    /** 1, 2 or 3. */
    int dimension();

    /** The global work-items per dimension (3 values). */
    long[] getGlobalWork();

    /** The work-group size per dimension (3 values), or null when kgpu chooses it. */
    long[] getLocalWork();

    void setGlobalWork(long x, long y, long z);

    void setLocalWork(long x, long y, long z);

    /** Lets kgpu choose the work-group size again. */
    void setLocalWorkToNull();

    /** The number of work-groups per dimension, or null when the local size is not set. */
    long[] getNumberOfWorkgroups();

    /** kgpu supports no global offset: a non-zero one is a TornadoRuntimeException. */
    void setGlobalOffset(long x, long y, long z);

    long[] getGlobalOffset();
}
