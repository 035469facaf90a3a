// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.exceptions;

/** The device is out of memory (KGPU_ERROR_OUT_OF_MEMORY). */
public class TornadoOutOfMemoryException extends TornadoMemoryException {
    private static final long serialVersionUID = 1L;

    public TornadoOutOfMemoryException(String message) {
        super(message);
    }

    public TornadoOutOfMemoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
