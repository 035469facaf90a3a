// The math ops kgc does not spell (copysign, trunc, roundeven = rint) also
// become PTX instructions; math ops PTX lacks stay libdevice calls.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-nvvm)' | FileCheck %s --check-prefix=LLVM
// RUN: env -u CUDA_ROOT -u CUDA_HOME -u CUDA_PATH PATH=/usr/bin:/bin %{kgpu-translate} %s --emit=ptx --kernel=k | FileCheck %s
// LLVM-LABEL: llvm.func @k(
// LLVM: llvm.intr.copysign
// LLVM: llvm.intr.trunc
// LLVM: llvm.intr.roundeven
// LLVM: llvm.intr.copysign
// LLVM: llvm.intr.trunc
// LLVM: llvm.intr.roundeven
// LLVM-LABEL: llvm.func @needs_libdevice(
// LLVM: llvm.call @__nv_sinf
// LLVM: llvm.call @__nv_rsqrtf
// CHECK-NOT: __nv_
// CHECK-DAG: copysign.f32
// CHECK-DAG: cvt.rzi.f32.f32
// CHECK-DAG: cvt.rni.f32.f32
// CHECK-DAG: copysign.f64
// CHECK-DAG: cvt.rzi.f64.f64
// CHECK-DAG: cvt.rni.f64.f64
func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %q: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %p[%c0] : memref<?xf32>
  %y = memref.load %p[%c1] : memref<?xf32>
  %a = math.copysign %x, %y : f32
  %b = math.trunc %x : f32
  %c = math.roundeven %y : f32
  %ab = arith.addf %a, %b : f32
  %abc = arith.addf %ab, %c : f32
  memref.store %abc, %p[%c0] : memref<?xf32>
  %dx = memref.load %q[%c0] : memref<?xf64>
  %dy = memref.load %q[%c1] : memref<?xf64>
  %da = math.copysign %dx, %dy : f64
  %db = math.trunc %dx : f64
  %dc = math.roundeven %dy : f64
  %dab = arith.addf %da, %db : f64
  %dabc = arith.addf %dab, %dc : f64
  memref.store %dabc, %q[%c0] : memref<?xf64>
  return
}
func.func @needs_libdevice(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %x = memref.load %p[%c0] : memref<?xf32>
  %s = math.sin %x : f32
  %r = math.rsqrt %s : f32
  memref.store %r, %p[%c0] : memref<?xf32>
  return
}
