// TornadoVM's @Reduce guide sets the reduction's initial value in the
// kernel, before the @Parallel loop (`result[0] = 0.0f;`). kgpu takes the
// store out of the kernel (every work-item would run it, racing with the
// other work-groups' combination into result[0]) and records the value as
// the reduction's initial value: kgpu.reduce_init, the manifest's
// `element` and `init`, which the runtime stores before each launch.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/ReduceInit.java
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %t/ReduceInit.java
// RUN: kgpu-translate %t/ReduceInit.class --emit=kgpu --kernel=ReduceInit::sum | FileCheck %s --check-prefix=KGPU
// RUN: kgpu-translate %t/ReduceInit.class --emit=manifest --targets=cpu --kernel=ReduceInit::sum | FileCheck %s --check-prefix=SUM
// RUN: kgpu-translate %t/ReduceInit.class --emit=manifest --targets=cpu --kernel=ReduceInit::maxFrom | FileCheck %s --check-prefix=MAX
// RUN: kgpu-translate %t/ReduceInit.class --emit=manifest --targets=cpu --kernel=ReduceInit::minFloat | FileCheck %s --check-prefix=MIN
// RUN: not kgpu-translate %t/ReduceInit.class --emit=kgpu --kernel=ReduceInit::notConstant 2>&1 | FileCheck %s --check-prefix=ERR

// KGPU-LABEL: func.func @sum(
// KGPU-SAME: kgpu.reduce_init = {{\[}}[0, 0.000000e+00 : f32]]
// KGPU-NOT: memref.store
// KGPU: kgpu.parallel_for
// KGPU:   kgpu.reduce add %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
// KGPU-NOT: memref.store

// SUM: "reductions": [
// SUM: "element": 0,
// SUM-NEXT: "init": 0,
// SUM-NEXT: "operator": "add",
// SUM-NEXT: "param": 1,
// SUM-NEXT: "type": "f32"

// MAX: "element": 0,
// MAX-NEXT: "init": -7,
// MAX-NEXT: "operator": "max",
// MAX-NEXT: "param": 1,
// MAX-NEXT: "type": "i32"

// MIN: "element": 0,
// MIN-NEXT: "init": "inf",
// MIN-NEXT: "operator": "min",

// ERR: ReduceInit.java:[[@LINE+25]]:0: error: KG-E0304: the @Reduce parameter 'result' is stored to outside the @Parallel loop other than as its initial value

import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;

public class ReduceInit {
  public static void sum(float[] input, @Reduce float[] result) {
    result[0] = 0.0f;
    for (@Parallel int i = 0; i < input.length; i++)
      result[0] += input[i];
  }

  public static void maxFrom(int[] input, @Reduce int[] result) {
    result[0] = -7;
    for (@Parallel int i = 0; i < input.length; i++)
      result[0] = Math.max(result[0], input[i]);
  }

  public static void minFloat(float[] input, @Reduce float[] result) {
    result[0] = Float.POSITIVE_INFINITY;
    for (@Parallel int i = 0; i < input.length; i++)
      result[0] = Math.min(result[0], input[i]);
  }

  public static void notConstant(float[] input, @Reduce float[] result) {
    result[0] = input[0];
    for (@Parallel int i = 0; i < input.length; i++)
      result[0] += input[i];
  }
}
