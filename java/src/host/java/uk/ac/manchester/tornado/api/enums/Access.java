// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.enums;

/** How a prebuilt task's argument is accessed. */
public enum Access {
    NONE, READ_ONLY, WRITE_ONLY, READ_WRITE
}
