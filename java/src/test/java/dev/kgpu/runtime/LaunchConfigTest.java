// LaunchConfig without a device or the native libraries. Also the test
// that scripts/install-deps.sh runs (-Dtest=LaunchConfigTest,ManifestTest)
// so that Surefire's JUnit provider is fetched for `mvn -o`.
package dev.kgpu.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LaunchConfigTest {
    @Test
    void gridAndLocalArePaddedToThreeDimensions() {
        LaunchConfig c = LaunchConfig.grid(4, 2).local(64);
        assertArrayEquals(new int[] {4, 2, 0}, c.grid());
        assertArrayEquals(new int[] {64, 0, 0}, c.local());
        assertArrayEquals(new int[] {0, 0, 0}, LaunchConfig.defaults().grid());
    }

    @Test
    void badSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> LaunchConfig.grid(1, 2, 3, 4));
        assertThrows(IllegalArgumentException.class, () -> LaunchConfig.grid(-1));
        assertThrows(IllegalArgumentException.class, () -> LaunchConfig.grid(1).local(1, -2));
    }
}
