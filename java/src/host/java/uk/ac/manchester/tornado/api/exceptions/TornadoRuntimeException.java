// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.exceptions;

/** A run-time error of the host API: a bad argument, a missing WorkerGrid, a device error, or something kgpu does not support (the message starts with [UNSUPPORTED]). */
public class TornadoRuntimeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TornadoRuntimeException(String message) {
        super(message);
    }

    public TornadoRuntimeException(String message, Throwable cause) {
        super(message, cause);
    }
}
