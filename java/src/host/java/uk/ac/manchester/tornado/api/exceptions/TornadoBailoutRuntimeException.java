// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.exceptions;

/** A task that cannot run on the device. kgpu never falls back to running the Java method on the JVM: this is thrown instead. */
public class TornadoBailoutRuntimeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TornadoBailoutRuntimeException(String message) {
        super(message);
    }

    public TornadoBailoutRuntimeException(String message, Throwable cause) {
        super(message, cause);
    }
}
