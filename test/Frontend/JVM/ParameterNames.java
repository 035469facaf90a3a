// Kernel parameter names in the manifest (what kgpu-run --arg NAME=...
// binds): from MethodParameters (javac -parameters, kotlinc), else from the
// LocalVariableTable (javac -g), else argN (N the Java parameter's
// position).
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t/p %t/g %t/none
// RUN: %javac17 -parameters -sourcepath %S/Inputs/api -d %t/p %s
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t/g %s
// RUN: %javac17 -sourcepath %S/Inputs/api -d %t/none %s
// RUN: kgpu-translate %t/p/ParameterNames.class --emit=manifest | FileCheck %s
// RUN: kgpu-translate %t/g/ParameterNames.class --emit=manifest | FileCheck %s
// RUN: kgpu-translate %t/none/ParameterNames.class --emit=manifest | FileCheck %s --check-prefix=NONE

// CHECK: "name": "scale"
// CHECK: "name": "input"
// CHECK: "name": "output"
// CHECK: "name": "factor"
// NONE: "name": "scale"
// NONE: "name": "arg1"
// NONE: "name": "arg2"
// NONE: "name": "arg3"

import uk.ac.manchester.tornado.api.KernelContext;

public class ParameterNames {
  public static void scale(KernelContext kc, float[] input, float[] output, float factor) {
    int i = kc.globalIdx;
    output[i] = input[i] * factor;
  }
}
