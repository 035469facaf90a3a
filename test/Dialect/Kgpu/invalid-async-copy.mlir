// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @to_global(%a: memref<?xf32>, %b: memref<?xf32>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op copies to local memory (memory space 3), got 'memref<?xf32>'}}
  kgpu.async_copy %a[%c0], %b[%c0], 4 : memref<?xf32>, memref<?xf32>
  return
}

// -----

func.func @from_local(%a: memref<64xf32, 3>, %b: memref<64xf32, 3>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op copies from global memory (the default memory space), got 'memref<64xf32, 3>'}}
  kgpu.async_copy %a[%c0], %b[%c0], 4 : memref<64xf32, 3>, memref<64xf32, 3>
  return
}

// -----

func.func @size(%a: memref<?xf16>, %b: memref<64xf16, 3>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op copies 4, 8 or 16 bytes, got 3 x 'f16' (6 bytes)}}
  kgpu.async_copy %a[%c0], %b[%c0], 3 : memref<?xf16>, memref<64xf16, 3>
  return
}

// -----

func.func @types(%a: memref<?xf16>, %b: memref<64xf32, 3>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op source and destination element types differ: 'f16' and 'f32'}}
  kgpu.async_copy %a[%c0], %b[%c0], 4 : memref<?xf16>, memref<64xf32, 3>
  return
}

// -----

func.func @indices(%a: memref<?xf32>, %b: memref<8x8xf32, 3>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op expects 2 indices for 'memref<8x8xf32, 3>', got 1}}
  kgpu.async_copy %a[%c0], %b[%c0], 4 : memref<?xf32>, memref<8x8xf32, 3>
  return
}

// -----

func.func @count(%a: memref<?xf32>, %b: memref<8xf32, 3>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.async_copy' op attribute 'count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  kgpu.async_copy %a[%c0], %b[%c0], 0 : memref<?xf32>, memref<8xf32, 3>
  return
}

// -----

func.func @wait() attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  kgpu.async_wait -1
  return
}
