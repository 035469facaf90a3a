// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/** A frozen TaskGraph (TaskGraph.snapshot()), what an execution plan runs. */
public final class ImmutableTaskGraph {
    private final TaskGraph.Spec spec;

    ImmutableTaskGraph(TaskGraph.Spec spec) {
        this.spec = spec;
    }

    TaskGraph.Spec spec() {
        return spec;
    }

    public String getTaskGraphName() {
        return spec.name();
    }

    @Override
    public String toString() {
        return "ImmutableTaskGraph[" + spec.name() + ", " + spec.tasks().size() + " task(s)]";
    }
}
