// RUN: kgpu-opt %s --kgpu-verify-convergence --split-input-file --verify-diagnostics

// Barriers, collectives and local allocations under control flow that
// varies between the work-items of a work-group are located errors, with a
// note at the divergent branch.

func.func @barrier_under_local_id(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c16 = arith.constant 16 : index
  %t = kgpu.local_id x
  %c = arith.cmpi ult, %t, %c16 : index
  // expected-note @below {{the condition of this 'scf.if' varies between the work-items of a work-group}}
  scf.if %c {
    // expected-error @below {{barrier under divergent control flow: every work-item of the work-group must reach it}}
    kgpu.barrier local
  }
  return
}

// -----

// Data dependence: a value loaded at a work-item-dependent index.
func.func @loop_bound_from_load(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>},
                                %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = kgpu.global_id x
  %v = memref.load %x[%t] : memref<?xi32>
  %n = arith.index_cast %v : i32 to index
  // expected-note @below {{the bounds of this 'scf.for' vary between the work-items of a work-group}}
  scf.for %i = %c0 to %n step %c1 {
    %one = arith.constant 1 : i32
    // expected-error @below {{work-group reduction under divergent control flow}}
    %r = kgpu.group_reduce add %one : i32
  }
  return
}

// -----

// Control dependence: the result of an scf.if on a varying condition is
// varying even though both branches yield uniform values.
func.func @if_result(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}, %a: i32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %true = arith.constant true
  %false = arith.constant false
  %t = kgpu.lane_id
  %c0 = arith.constant 0 : index
  %c = arith.cmpi eq, %t, %c0 : index
  %r = scf.if %c -> i1 {
    scf.yield %true : i1
  } else {
    scf.yield %false : i1
  }
  // expected-note @below {{the condition of this 'scf.if' varies}}
  scf.if %r {
    // expected-error @below {{subgroup operation under divergent control flow}}
    %s = kgpu.shuffle xor %a, %a : i32
  }
  return
}

// -----

// An early exit through a varying while loop: the loop-carried flag merges
// what the work-items decided.
func.func @while_flag(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = kgpu.local_id x
  %ti = arith.index_cast %t : index to i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %ti : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %n = arith.addi %i, %c1 : i32
    scf.yield %n : i32
  }
  %z = arith.cmpi eq, %r, %c0 : i32
  // expected-note @below {{the condition of this 'scf.if' varies}}
  scf.if %z {
    // expected-error @below {{local memory allocation under divergent control flow}}
    %l = kgpu.alloc_local : memref<16xf32, 3>
  }
  return
}

// -----

// A call to a device function that executes a barrier counts as a barrier;
// the barrier in the device function is fine on its own.
func.func private @sync() attributes {kgpu.device} {
  kgpu.barrier local
  return
}

func.func @call(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %t = kgpu.local_id x
  %c = arith.cmpi eq, %t, %c0 : index
  // expected-note @below {{the condition of this 'scf.if' varies}}
  scf.if %c {
    // expected-error @below {{call to 'sync', which executes a barrier or collective, under divergent control flow}}
    func.call @sync() : () -> ()
  }
  return
}

// -----

// A device function called with a varying argument: its condition varies.
func.func private @maybe_sync(%n: index) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %c = arith.cmpi eq, %n, %c0 : index
  // expected-note @below {{the condition of this 'scf.if' varies}}
  scf.if %c {
    // expected-error @below {{barrier under divergent control flow}}
    kgpu.barrier local
  }
  return
}

func.func @varying_argument(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %t = kgpu.local_id x
  func.call @maybe_sync(%t) : (index) -> ()
  return
}

// -----

// Unstructured control flow: an early return under a varying condition;
// everything after it runs only for some work-items.
func.func @early_return(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %t = kgpu.local_id x
  %c = arith.cmpi eq, %t, %c0 : index
  // expected-note @below {{the condition of this 'cf.cond_br' varies}}
  cf.cond_br %c, ^exit, ^rest
^rest:
  // expected-error @below {{barrier under divergent control flow}}
  kgpu.barrier local
  cf.br ^exit
^exit:
  return
}

// -----

// A parallel_for needs control flow that is uniform across the grid: a
// group id is not.
func.func @parallel_for_group(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %g = kgpu.group_id x
  %c = arith.cmpi eq, %g, %c0 : index
  // expected-note @below {{the condition of this 'scf.if' varies between work-items or work-groups}}
  scf.if %c {
    // expected-error @below {{parallel_for under divergent control flow}}
    kgpu.parallel_for (%i) = (%c0) to (%c8) step (%c1) {
      memref.store %f, %x[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A subgroup reduction gives every lane of the subgroup one value: a loop
// it bounds is the same in the whole subgroup, so shuffles in it are fine
// (TornadoVM's shuffle tree over `simdSum(1)` lanes), and so is a shuffle
// under a test of a broadcast from a uniform lane.
func.func @subgroup_uniform_bound(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f32
  %t = kgpu.local_id x
  %v = memref.load %x[%t] : memref<?xf32>
  %lanes = kgpu.subgroup_reduce add %one : f32
  %n = arith.fptosi %lanes : f32 to i32
  %r:2 = scf.while (%i = %n, %acc = %v) : (i32, f32) -> (i32, f32) {
    %go = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%go) %i, %acc : i32, f32
  } do {
  ^bb0(%i: i32, %acc: f32):
    %s = kgpu.shuffle down %acc, %i : f32
    %sum = arith.addf %acc, %s : f32
    %h = arith.shrsi %i, %c1 : i32
    scf.yield %h, %sum : i32, f32
  }
  %ti = arith.index_cast %t : index to i32
  %tf = arith.sitofp %ti : i32 to f32
  %first = kgpu.shuffle idx %tf, %c0 : f32
  %leader = arith.cmpf oeq, %first, %tf : f32
  %l = kgpu.subgroup_reduce add %r#1 : f32
  scf.if %leader {
    memref.store %l, %x[%t] : memref<?xf32>
  }
  %big = arith.cmpf ogt, %first, %one : f32
  scf.if %big {
    %again = kgpu.subgroup_reduce add %first : f32
    memref.store %again, %x[%t] : memref<?xf32>
  }
  return
}

// -----

// ... but it differs between the subgroups of a work-group: a barrier it
// guards is divergent.
func.func @barrier_under_subgroup_value(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %t = kgpu.local_id x
  %v = memref.load %x[%t] : memref<?xf32>
  %s = kgpu.subgroup_reduce add %v : f32
  %c = arith.cmpf ogt, %s, %zero : f32
  // expected-note @below {{the condition of this 'scf.if' varies between the work-items of a work-group}}
  scf.if %c {
    // expected-error @below {{barrier under divergent control flow: every work-item of the work-group must reach it}}
    kgpu.barrier local
  }
  return
}

// -----

// A shuffle from a varying lane is varying within the subgroup.
func.func @shuffle_varying_lane(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %zero = arith.constant 0.0 : f32
  %t = kgpu.local_id x
  %ti = arith.index_cast %t : index to i32
  %v = memref.load %x[%t] : memref<?xf32>
  %s = kgpu.shuffle idx %v, %ti : f32
  %c = arith.cmpf ogt, %s, %zero : f32
  // expected-note @below {{the condition of this 'scf.if' varies between the work-items of a subgroup}}
  scf.if %c {
    // expected-error @below {{subgroup operation under divergent control flow: every work-item of the subgroup must reach it}}
    %r = kgpu.subgroup_reduce add %v : f32
    memref.store %r, %x[%t] : memref<?xf32>
  }
  return
}
