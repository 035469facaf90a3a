// A kernel whose helper is a static method of another class (HostHelpers):
// kgpu's run-time compiler gives the frontend both classes.
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class HelperUser {
    public static void apply(float[] a, float[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = HostHelpers.twicePlus(a[i], i);
        }
    }
}

class HostHelpers {
    static float twicePlus(float x, int i) {
        return 2.0f * x + i;
    }
}
