import groovy.transform.CompileStatic
import uk.ac.manchester.tornado.api.annotations.Parallel

@CompileStatic
class ParallelGroovy {
    static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = (a[i] + b[i]) as float
        }
    }
}
