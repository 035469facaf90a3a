// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.runtime;

import uk.ac.manchester.tornado.api.KgpuRuntime;
import uk.ac.manchester.tornado.api.TornadoRuntime;

/** The entry to the devices: getTornadoRuntime().getBackend(i).getDevice(j). */
public final class TornadoRuntimeProvider {
    private TornadoRuntimeProvider() {}

    public static TornadoRuntime getTornadoRuntime() {
        return KgpuRuntime.instance();
    }
}
