// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.exceptions;

/** A task's method that kgpu's compiler rejects; the message is the located diagnostic (source file, line, method). */
public class TornadoCompilationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TornadoCompilationException(String message) {
        super(message);
    }

    public TornadoCompilationException(String message, Throwable cause) {
        super(message, cause);
    }
}
