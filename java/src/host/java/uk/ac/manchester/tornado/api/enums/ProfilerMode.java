// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.enums;

/** {@code TornadoExecutionPlan.withProfiler}: CONSOLE prints each execution's profile (JSON) to stdout; SILENT only records it. */
public enum ProfilerMode {
    CONSOLE, SILENT
}
