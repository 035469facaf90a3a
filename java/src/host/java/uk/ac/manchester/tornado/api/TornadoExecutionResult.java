// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/** What TornadoExecutionPlan.execute() returns: the profile, and on-demand transfers. */
public final class TornadoExecutionResult {
    private final TornadoExecutionPlan plan;
    private final KgpuProfile profile;

    TornadoExecutionResult(TornadoExecutionPlan plan, KgpuProfile profile) {
        this.plan = plan;
        this.profile = profile;
    }

    /** Copies {@code objects} (UNDER_DEMAND ones, or any task argument) from the device now. */
    public TornadoExecutionResult transferToHost(Object... objects) {
        plan.transferToHost(objects, profile);
        return this;
    }

    /** kgpu does not copy parts of arrays: a TornadoRuntimeException. */
    public TornadoExecutionResult partialTransferToHost(Object object, long offset, long size) {
        throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: partialTransferToHost: partial copies are not "
                + "supported; transferToHost copies the whole array");
    }

    public TornadoProfilerResult getProfilerResult() {
        return new TornadoProfilerResult(profile);
    }

    /** Always true: kgpu's execute() returns when the graph has run. */
    public boolean isReady() {
        return true;
    }
}
