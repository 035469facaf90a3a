// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s

// Every shape with every input and accumulator type some hardware has.
// CHECK-LABEL: func.func private @types
// CHECK-SAME: !kgpu.mma<m16n8k8, a, f16>, !kgpu.mma<m16n8k8, b, bf16>, !kgpu.mma<m16n8k8, acc, f32>
// CHECK-SAME: !kgpu.mma<m16n8k16, a, i8>, !kgpu.mma<m16n8k16, acc, i32>, !kgpu.mma<m16n8k16, acc, f16>
// CHECK-SAME: !kgpu.mma<m16n8k32, b, i8>
// CHECK-SAME: !kgpu.mma<m16n16k16, a, bf16>, !kgpu.mma<m32n8k16, b, f16>, !kgpu.mma<m8n32k16, acc, i32>
func.func private @types(!kgpu.mma<m16n8k8, a, f16>, !kgpu.mma<m16n8k8, b, bf16>, !kgpu.mma<m16n8k8, acc, f32>,
                         !kgpu.mma<m16n8k16, a, i8>, !kgpu.mma<m16n8k16, acc, i32>, !kgpu.mma<m16n8k16, acc, f16>,
                         !kgpu.mma<m16n8k32, b, i8>,
                         !kgpu.mma<m16n16k16, a, bf16>, !kgpu.mma<m32n8k16, b, f16>, !kgpu.mma<m8n32k16, acc, i32>)
