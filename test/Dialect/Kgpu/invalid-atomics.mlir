// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @and_float(%m: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  // expected-error @+1 {{'kgpu.atomic_rmw' op atomic 'and' is not defined for 'f32'; it needs an integer}}
  %0 = kgpu.atomic_rmw and %v, %m[%c0] : memref<?xf32>
  return
}

// -----

func.func @umin_double(%m: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f64
  // expected-error @+1 {{'kgpu.atomic_rmw' op atomic 'umin' is not defined for 'f64'; it needs an integer}}
  %0 = kgpu.atomic_rmw umin %v, %m[%c0] : memref<?xf64>
  return
}

// -----

func.func @i16(%m: memref<?xi16> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i16
  // expected-error @+1 {{'kgpu.atomic_rmw' op operand #0 must be i32, i64, f32 or f64, but got 'i16'}}
  %0 = kgpu.atomic_rmw add %v, %m[%c0] : memref<?xi16>
  return
}

// -----

func.func @private() attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  %p = memref.alloca() : memref<4xi32>
  // expected-error @+1 {{'kgpu.atomic_rmw' op cannot operate on private memory (memref.alloca)}}
  %0 = kgpu.atomic_rmw add %v, %p[%c0] : memref<4xi32>
  return
}

// -----

func.func @index_count(%m: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'kgpu.atomic_rmw' op expects 1 indices for 'memref<?xi32>', got 2}}
  %0 = kgpu.atomic_rmw add %v, %m[%c0, %c0] : memref<?xi32>
  return
}

// -----

func.func @host(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'kgpu.atomic_rmw' op must be inside a kernel or device function}}
  %0 = kgpu.atomic_rmw add %v, %m[%c0] : memref<?xi32>
  return
}

// -----

func.func @cas_space(%m: memref<?xi32, 5>) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'kgpu.atomic_cas' op needs a memref in global memory (default memory space) or local memory (memory space 3), got 'memref<?xi32, 5>'}}
  %0 = kgpu.atomic_cas %v, %v, %m[%c0] : memref<?xi32, 5>
  return
}

// -----

func.func @cas_index_count(%m: memref<4x4xi64> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i64
  // expected-error @+1 {{'kgpu.atomic_cas' op expects 2 indices for 'memref<4x4xi64>', got 1}}
  %0 = kgpu.atomic_cas %v, %v, %m[%c0] : memref<4x4xi64>
  return
}

// -----

func.func @cas_private() attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %p = memref.alloca() : memref<4xf32>
  // expected-error @+1 {{'kgpu.atomic_cas' op cannot operate on private memory (memref.alloca)}}
  %0 = kgpu.atomic_cas %v, %v, %p[%c0] : memref<4xf32>
  return
}
