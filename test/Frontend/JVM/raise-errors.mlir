// What the JVM raising passes reject, at the loop's test or the store.
// RUN: kgpu-opt %s --kgpu-frontend-cleanup --kgpu-jvm-raise-parallel-loops --kgpu-jvm-raise-reductions --split-input-file --verify-diagnostics -o /dev/null

func.func @carried(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                   %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %s = memref.alloca() : memref<i32>
  %acc = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  memref.store %c0, %s[] : memref<i32>
  memref.store %c0, %acc[] : memref<i32>
  cf.br ^hdr
^hdr:
  %i = memref.load %s[] : memref<i32>
  // expected-error @below {{KG-E0302: the @Parallel loop over 'i' carries a value from one iteration to the next}}
  %lt = arith.cmpi slt, %i, %n {jvm.parallel = "i"} : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %v = memref.load %acc[] : memref<i32>
  %w = arith.addi %v, %i : i32
  memref.store %w, %acc[] : memref<i32>
  %inc = arith.addi %i, %c1 : i32
  memref.store %inc, %s[] : memref<i32>
  cf.br ^hdr
^exit:
  %r = memref.load %acc[] : memref<i32>
  %c0i = arith.constant 0 : index
  memref.store %r, %a[%c0i] : memref<?xi32>
  return
}

// -----

func.func @not_counted(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                       %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %s = memref.alloca() : memref<i32>
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  memref.store %c1, %s[] : memref<i32>
  cf.br ^hdr
^hdr:
  %i = memref.load %s[] : memref<i32>
  // expected-error @below {{KG-E0301: the @Parallel loop over 'i' is not a counted loop}}
  %lt = arith.cmpi slt, %i, %n {jvm.parallel = "i"} : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %ix = arith.index_cast %i : i32 to index
  memref.store %i, %a[%ix] : memref<?xi32>
  %next = arith.muli %i, %c2 : i32
  memref.store %next, %s[] : memref<i32>
  cf.br ^hdr
^exit:
  return
}

// -----

func.func @racy(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
                %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    // expected-error @below {{KG-E0303: the @Reduce parameter 'out' is stored to in a parallel loop other than as `r[k] = r[k] OP x`}}
    memref.store %x, %out[%c0] : memref<?xi32>
  }
  return
}

// -----

// A store to a @Reduce parameter outside the loop that is not its initial
// value (KG-E0304): not a constant, after the loop, to an element no
// reduction combines into, or with a read before the loop.
func.func @initNotConstant(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
                           %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                           %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  // expected-error @below {{KG-E0304: the @Reduce parameter 'out' is stored to outside the @Parallel loop other than as its initial value}}
  memref.store %v, %out[%c0] : memref<?xi32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %acc = memref.load %out[%c0] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    memref.store %s, %out[%c0] : memref<?xi32>
  }
  return
}

// -----

func.func @storeAfterLoop(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
                          %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                          %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %acc = memref.load %out[%c0] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    memref.store %s, %out[%c0] : memref<?xi32>
  }
  // expected-error @below {{KG-E0304: the @Reduce parameter 'out' is stored to outside the @Parallel loop}}
  memref.store %z, %out[%c0] : memref<?xi32>
  return
}

// -----

func.func @otherElement(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
                        %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                        %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-error @below {{KG-E0304: the @Reduce parameter 'out' is stored to outside the @Parallel loop}}
  memref.store %z, %out[%c1] : memref<?xi32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %acc = memref.load %out[%c0] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    memref.store %s, %out[%c0] : memref<?xi32>
  }
  return
}

// -----

func.func @readBeforeLoop(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                          %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                          %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-error @below {{KG-E0304: the @Reduce parameter 'out' is stored to outside the @Parallel loop}}
  memref.store %z, %out[%c0] : memref<?xi32>
  %r = memref.load %out[%c0] : memref<?xi32>
  memref.store %r, %a[%c0] : memref<?xi32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %acc = memref.load %out[%c0] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    memref.store %s, %out[%c0] : memref<?xi32>
  }
  return
}
