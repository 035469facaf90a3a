// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.exceptions;

/** A device memory error (allocation, transfer). */
public class TornadoMemoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TornadoMemoryException(String message) {
        super(message);
    }

    public TornadoMemoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
