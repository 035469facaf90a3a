// A user's program on kgpu's Maven artifacts: the kernel API's arrays (from
// kgpu-jvm-api, a transitive dependency) and the host binding's devices.
package example;

import dev.kgpu.runtime.Device;
import dev.kgpu.runtime.DeviceInfo;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        FloatArray a = new FloatArray(4);
        a.set(3, 2.5f);
        System.out.println("uses-kgpu: FloatArray of " + a.getSize() + ", a[3] = " + a.get(3)
                + ", storage " + TornadoNativeArray.kgpuStorageKind());
        for (DeviceInfo d : Device.list()) {
            System.out.println("uses-kgpu: device " + d.spec());
        }
    }
}
