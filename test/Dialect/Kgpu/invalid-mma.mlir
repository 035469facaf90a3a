// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @fill_type(%v: f16) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.mma_fill' op fill value of type 'f16' does not match the fragment element type 'f32'}}
  %0 = kgpu.mma_fill %v : f16 -> !kgpu.mma<m16n16k16, acc, f32>
  return
}

// -----

func.func @load_elem(%m: memref<?xf32>, %ld: index) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_load' op memref element type 'f32' does not match the fragment element type 'f16'}}
  %0 = kgpu.mma_load %m[%c0] lead_dim %ld : memref<?xf32> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_rank(%m: memref<2x16x16xf16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_load' op needs a 1-D or 2-D memref, got 'memref<2x16x16xf16>'}}
  %0 = kgpu.mma_load %m[%c0, %c0, %c0] : memref<2x16x16xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_no_ld(%m: memref<?xf16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_load' op needs 'lead_dim' (the distance between rows) with a 1-D memref}}
  %0 = kgpu.mma_load %m[%c0] : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_2d_ld(%m: memref<16x16xf16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'kgpu.mma_load' op takes no 'lead_dim' with a 2-D memref: the row stride of the memref is the leading dimension}}
  %0 = kgpu.mma_load %m[%c0, %c0] lead_dim %c16 : memref<16x16xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_zero_ld(%m: memref<?xf16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_load' op 'lead_dim' must be positive, got 0}}
  %0 = kgpu.mma_load %m[%c0] lead_dim %c0 : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_index_count(%m: memref<16x16xf16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_load' op expects 2 indices for 'memref<16x16xf16>', got 1}}
  %0 = kgpu.mma_load %m[%c0] : memref<16x16xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @load_private() attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<16x16xf16>
  // expected-error @+1 {{'kgpu.mma_load' op cannot operate on private memory (memref.alloca)}}
  %0 = kgpu.mma_load %m[%c0, %c0] : memref<16x16xf16> -> !kgpu.mma<m16n16k16, a, f16>
  return
}

// -----

func.func @store_role(%m: memref<16x16xf16>, %a: !kgpu.mma<m16n16k16, a, f16>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_store' op stores only 'acc' fragments, got '!kgpu.mma<m16n16k16, a, f16>'}}
  kgpu.mma_store %a, %m[%c0, %c0] : !kgpu.mma<m16n16k16, a, f16>, memref<16x16xf16>
  return
}

// -----

func.func @store_elem(%m: memref<16x16xf16>, %c: !kgpu.mma<m16n16k16, acc, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.mma_store' op memref element type 'f16' does not match the fragment element type 'f32'}}
  kgpu.mma_store %c, %m[%c0, %c0] : !kgpu.mma<m16n16k16, acc, f32>, memref<16x16xf16>
  return
}

// -----

func.func @compute_roles(%a: !kgpu.mma<m16n16k16, a, f16>, %c: !kgpu.mma<m16n16k16, acc, f32>) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.mma_compute' op expects fragments with roles 'a', 'b' and 'acc', got 'a', 'a' and 'acc'}}
  %0 = kgpu.mma_compute %a, %a, %c : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, a, f16> -> !kgpu.mma<m16n16k16, acc, f32>
  return
}

// -----

func.func @compute_shapes(%a: !kgpu.mma<m16n16k16, a, f16>, %b: !kgpu.mma<m16n8k16, b, f16>,
                          %c: !kgpu.mma<m16n16k16, acc, f32>) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.mma_compute' op fragments have different shapes: m16n16k16, m16n8k16 and m16n16k16}}
  %0 = kgpu.mma_compute %a, %b, %c : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n8k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
  return
}

// -----

func.func @compute_inputs(%a: !kgpu.mma<m16n16k16, a, f16>, %b: !kgpu.mma<m16n16k16, b, bf16>,
                          %c: !kgpu.mma<m16n16k16, acc, f32>) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.mma_compute' op 'a' and 'b' element types differ: 'f16' and 'bf16'}}
  %0 = kgpu.mma_compute %a, %b, %c : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, bf16> -> !kgpu.mma<m16n16k16, acc, f32>
  return
}

// -----

// f16 products cannot accumulate into i32, although both types exist.
func.func @compute_acc(%a: !kgpu.mma<m16n16k16, a, f16>, %b: !kgpu.mma<m16n16k16, b, f16>,
                       %c: !kgpu.mma<m16n16k16, acc, i32>) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.mma_compute' op no tensor core accumulates 'f16' products into 'i32' with m16n16k16}}
  %0 = kgpu.mma_compute %a, %b, %c : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, i32>
  return
}

// -----

func.func @host(%v: f32) {
  // expected-error @+1 {{'kgpu.mma_fill' op must be inside a kernel or device function}}
  %0 = kgpu.mma_fill %v : f32 -> !kgpu.mma<m16n16k16, acc, f32>
  return
}
