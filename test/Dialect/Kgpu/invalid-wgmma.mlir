// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{warp-group MMA needs N from 8 to 256 in steps of 8 (m64nNk16), got N = 12}}
func.func private @n_step(!kgpu.wgmma_acc<m64n12k16, f32>)

// -----

// expected-error @+1 {{warp-group MMA needs N from 8 to 256 in steps of 8 (m64nNk16), got N = 264}}
func.func private @n_large(!kgpu.wgmma_acc<m64n264k16, f32>)

// -----

// expected-error @+1 {{warp-group MMA accumulators are f32 (with f16 or bf16 inputs), got 'i32'}}
func.func private @acc_int(!kgpu.wgmma_acc<m64n64k16, i32>)

// -----

// expected-error @+1 {{expected a warp-group MMA shape m64nNk16, got 'm32n64k16'}}
func.func private @shape_m(!kgpu.wgmma_acc<m32n64k16, f32>)

// -----

func.func @fill_type(%v: f16) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.wgmma_fill' op fill value of type 'f16' does not match the accumulator element type 'f32'}}
  %0 = kgpu.wgmma_fill %v : f16 -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @global_a(%A: memref<?xf16>, %c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %B = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op reads A from local memory (memory space 3), got 'memref<?xf16>'}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024, %c : memref<?xf16>, memref<4096xf16, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @global_b(%B: memref<4096xf16>, %c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op reads B from local memory (memory space 3), got 'memref<4096xf16>'}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024, %c : memref<4096xf16, 3>, memref<4096xf16> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @mixed(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf16, 3>
  %B = memref.alloc() : memref<4096xbf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op needs A and B of one element type, got 'f16' and 'bf16'}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024, %c : memref<4096xf16, 3>, memref<4096xbf16, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @f32_inputs(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf32, 3>
  %B = memref.alloc() : memref<4096xf32, 3>
  // expected-error @+1 {{'kgpu.wgmma' op operand #0 must be 1D memref of 16-bit float or bfloat16 type values}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024, %c : memref<4096xf32, 3>, memref<4096xf32, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @rank2(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<64x64xf16, 3>
  %B = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op operand #0 must be 1D memref of 16-bit float or bfloat16 type values}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024, %c : memref<64x64xf16, 3>, memref<4096xf16, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @stride_align(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf16, 3>
  %B = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op 'stride' must be a multiple of 16 bytes below 262144, got 1000}}
  %0 = kgpu.wgmma %A[%c0] stride 1000, %B[%c0] stride 1024, %c : memref<4096xf16, 3>, memref<4096xf16, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @lead_range(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf16, 3>
  %B = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op 'lead' must be a multiple of 16 bytes below 262144, got 262144}}
  %0 = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 1024 n_major lead 262144, %c : memref<4096xf16, 3>, memref<4096xf16, 3> -> !kgpu.wgmma_acc<m64n64k16, f32>
  return
}

// -----

func.func @result_type(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<4096xf16, 3>
  %B = memref.alloc() : memref<4096xf16, 3>
  // expected-error @+1 {{'kgpu.wgmma' op failed to verify that all of {acc, result} have same type}}
  %0 = "kgpu.wgmma"(%A, %c0, %B, %c0, %c) {aStride = 1024 : i64, bStride = 1024 : i64} : (memref<4096xf16, 3>, index, memref<4096xf16, 3>, index, !kgpu.wgmma_acc<m64n64k16, f32>) -> !kgpu.wgmma_acc<m64n128k16, f32>
  return
}

// -----

func.func @wait_range() attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.wgmma_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 7}}
  kgpu.wgmma_wait 8
  return
}

// -----

func.func @store_elem(%C: memref<?xf16>, %n: index, %c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.wgmma_store' op memref element type 'f16' does not match the accumulator element type 'f32'}}
  kgpu.wgmma_store %c, %C[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n64k16, f32>, memref<?xf16>
  return
}

// -----

func.func @store_no_ld(%C: memref<?xf32>, %c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.wgmma_store' op needs 'lead_dim' (the distance between rows) with a 1-D memref}}
  kgpu.wgmma_store %c, %C[%c0] : !kgpu.wgmma_acc<m64n64k16, f32>, memref<?xf32>
  return
}

// -----

func.func @store_private(%c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %C = memref.alloca() : memref<4096xf32>
  // expected-error @+1 {{'kgpu.wgmma_store' op cannot operate on private memory (memref.alloca)}}
  kgpu.wgmma_store %c, %C[%c0] lead_dim %c64 : !kgpu.wgmma_acc<m64n64k16, f32>, memref<4096xf32>
  return
}

// -----

func.func @store_ld(%C: memref<?xf32>, %c: !kgpu.wgmma_acc<m64n64k16, f32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %m = arith.constant -4 : index
  // expected-error @+1 {{'kgpu.wgmma_store' op 'lead_dim' must be positive, got -4}}
  kgpu.wgmma_store %c, %C[%c0] lead_dim %m : !kgpu.wgmma_acc<m64n64k16, f32>, memref<?xf32>
  return
}
