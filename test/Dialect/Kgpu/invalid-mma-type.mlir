// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

// m16n8k32 exists only for 8-bit integers.
// expected-error @+1 {{no tensor core has m16n8k32 with 'a' elements of type 'f16'}}
func.func private @f16_k32(!kgpu.mma<m16n8k32, a, f16>)

// -----

// expected-error @+1 {{no tensor core has m16n16k16 with 'b' elements of type 'f32'}}
func.func private @f32_input(!kgpu.mma<m16n16k16, b, f32>)

// -----

// m16n8k8 has no integer variant, so no i32 accumulator.
// expected-error @+1 {{no tensor core has m16n8k8 with an accumulator of type 'i32'}}
func.func private @i32_acc_k8(!kgpu.mma<m16n8k8, acc, i32>)

// -----

// expected-error @+1 {{no tensor core has m16n16k16 with an accumulator of type 'f64'}}
func.func private @f64_acc(!kgpu.mma<m16n16k16, acc, f64>)

// -----

// expected-error @+2 {{failed to parse Kgpu_MmaFragmentType parameter 'shape'}}
// expected-error @+1 {{expected ::mlir::kgpu::MmaShape to be one of: m16n8k8, m16n8k16, m16n8k32, m16n16k16, m32n8k16, m8n32k16}}
func.func private @bad_shape(!kgpu.mma<m64n64k64, a, f16>)

// -----

// expected-error @+2 {{failed to parse Kgpu_MmaFragmentType parameter 'role'}}
// expected-error @+1 {{expected ::mlir::kgpu::MmaRole to be one of: a, b, acc}}
func.func private @bad_role(!kgpu.mma<m16n16k16, c, f16>)
