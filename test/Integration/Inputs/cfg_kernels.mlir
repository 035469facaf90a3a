// Kernels in the form a bytecode frontend emits: a plain CFG (cf branches)
// with one memref.alloca per local slot. kgpu-frontend-cleanup builds SSA
// (mem2reg) and structure (lift-cf-to-scf); Inputs/cfg_kernels.c is the C
// reference. 64 work-items (2 work-groups of 32).

// for (i = 0; i < n; i++) { v = f(x[g*n+i]); if (v < 0) break;
//   if (v == 7) { y[g] = -1; return; } acc += v; }  y[g] = acc;
// with f(x) = (x * 37 + 11) % 23 - 3.
func.func @cfg_search(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %c11 = arith.constant 11 : i32
  %c23 = arith.constant 23 : i32
  %c37 = arith.constant 37 : i32
  %m1 = arith.constant -1 : i32
  %i_slot = memref.alloca() : memref<index>
  %acc_slot = memref.alloca() : memref<i32>
  %g = kgpu.global_id x
  memref.store %c0, %i_slot[] : memref<index>
  memref.store %z, %acc_slot[] : memref<i32>
  cf.br ^head
^head:
  %i = memref.load %i_slot[] : memref<index>
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %base = arith.muli %g, %n : index
  %idx = arith.addi %base, %i : index
  %raw = memref.load %x[%idx] : memref<?xi32>
  %m = arith.muli %raw, %c37 : i32
  %a = arith.addi %m, %c11 : i32
  %r = arith.remsi %a, %c23 : i32
  %v = arith.subi %r, %c3 : i32
  %neg = arith.cmpi slt, %v, %z : i32
  cf.cond_br %neg, ^exit, ^check
^check:
  %is7 = arith.cmpi eq, %v, %c7 : i32
  cf.cond_br %is7, ^early, ^next
^next:
  %acc = memref.load %acc_slot[] : memref<i32>
  %acc2 = arith.addi %acc, %v : i32
  memref.store %acc2, %acc_slot[] : memref<i32>
  %i2 = arith.addi %i, %c1 : index
  memref.store %i2, %i_slot[] : memref<index>
  cf.br ^head
^early:
  memref.store %m1, %y[%g] : memref<?xi32>
  return
^exit:
  %res = memref.load %acc_slot[] : memref<i32>
  memref.store %res, %y[%g] : memref<?xi32>
  return
}

// for (i = 0; i < n; i++) for (j = 0; j < i; j++) {
//   if ((i + j + g) % 3 == 0) continue; acc += i * j + g; }  y[g] = acc;
func.func @cfg_nested(%y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 32, 1, 1>} {
  %z = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %i_slot = memref.alloca() : memref<i32>
  %j_slot = memref.alloca() : memref<i32>
  %acc_slot = memref.alloca() : memref<i32>
  %gi = kgpu.global_id x
  %g = arith.index_cast %gi : index to i32
  memref.store %z, %acc_slot[] : memref<i32>
  memref.store %z, %i_slot[] : memref<i32>
  cf.br ^outer
^outer:
  %i = memref.load %i_slot[] : memref<i32>
  %odone = arith.cmpi sge, %i, %n : i32
  cf.cond_br %odone, ^exit, ^outer_body
^outer_body:
  memref.store %z, %j_slot[] : memref<i32>
  cf.br ^inner
^inner:
  %j = memref.load %j_slot[] : memref<i32>
  %i1 = memref.load %i_slot[] : memref<i32>
  %idone = arith.cmpi sge, %j, %i1 : i32
  cf.cond_br %idone, ^outer_latch, ^inner_body
^inner_body:
  %s0 = arith.addi %i1, %j : i32
  %s1 = arith.addi %s0, %g : i32
  %s2 = arith.remsi %s1, %c3 : i32
  %skip = arith.cmpi eq, %s2, %z : i32
  cf.cond_br %skip, ^inner_latch, ^accumulate
^accumulate:
  %p = arith.muli %i1, %j : i32
  %q = arith.addi %p, %g : i32
  %acc = memref.load %acc_slot[] : memref<i32>
  %acc2 = arith.addi %acc, %q : i32
  memref.store %acc2, %acc_slot[] : memref<i32>
  cf.br ^inner_latch
^inner_latch:
  %j2 = arith.addi %j, %c1 : i32
  memref.store %j2, %j_slot[] : memref<i32>
  cf.br ^inner
^outer_latch:
  %i2 = arith.addi %i1, %c1 : i32
  memref.store %i2, %i_slot[] : memref<i32>
  cf.br ^outer
^exit:
  %res = memref.load %acc_slot[] : memref<i32>
  memref.store %res, %y[%gi] : memref<?xi32>
  return
}

// switch (g % 4) { case 0: r = x[g] * 2; break; case 1: r = x[g] + 1;
//   break; case 2: r = -x[g]; break; default: r = 0; }  y[g] = r;
func.func @cfg_switch(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 32, 1, 1>} {
  %z = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %r_slot = memref.alloca() : memref<i32>
  %gi = kgpu.global_id x
  %g = arith.index_cast %gi : index to i32
  %v = memref.load %x[%gi] : memref<?xi32>
  %s = arith.remsi %g, %c4 : i32
  cf.switch %s : i32, [
    default: ^other,
    0: ^double,
    1: ^inc,
    2: ^negate
  ]
^double:
  %d = arith.muli %v, %c2 : i32
  memref.store %d, %r_slot[] : memref<i32>
  cf.br ^join
^inc:
  %e = arith.addi %v, %c1 : i32
  memref.store %e, %r_slot[] : memref<i32>
  cf.br ^join
^negate:
  %f = arith.subi %z, %v : i32
  memref.store %f, %r_slot[] : memref<i32>
  cf.br ^join
^other:
  memref.store %z, %r_slot[] : memref<i32>
  cf.br ^join
^join:
  %res = memref.load %r_slot[] : memref<i32>
  memref.store %res, %y[%gi] : memref<?xi32>
  return
}

// A switch on a kernel argument (uniform) with barriers in its cases: the
// CPU target splits the work-item loops inside the scf.index_switch.
// tmp[l] = x[g]; switch (mode) { case 0: barrier; r = tmp[(l + 1) % 32];
//   break; case 1: barrier; r = tmp[31 - l]; break; default: r = tmp[l]; }
// y[g] = r;
func.func @cfg_switch_barrier(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                              %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                              %mode: i32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 32, 1, 1>} {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %tmp = kgpu.alloc_local : memref<32xi32, 3>
  %r_slot = memref.alloca() : memref<i32>
  %gi = kgpu.global_id x
  %l = kgpu.local_id x
  %v = memref.load %x[%gi] : memref<?xi32>
  memref.store %v, %tmp[%l] : memref<32xi32, 3>
  cf.switch %mode : i32, [
    default: ^own,
    0: ^rotate,
    1: ^reverse
  ]
^rotate:
  kgpu.barrier local
  %l1 = arith.addi %l, %c1 : index
  %l2 = arith.remui %l1, %c32 : index
  %a = memref.load %tmp[%l2] : memref<32xi32, 3>
  memref.store %a, %r_slot[] : memref<i32>
  cf.br ^join
^reverse:
  kgpu.barrier local
  %l3 = arith.subi %c31, %l : index
  %b = memref.load %tmp[%l3] : memref<32xi32, 3>
  memref.store %b, %r_slot[] : memref<i32>
  cf.br ^join
^own:
  %c = memref.load %tmp[%l] : memref<32xi32, 3>
  memref.store %c, %r_slot[] : memref<i32>
  cf.br ^join
^join:
  %res = memref.load %r_slot[] : memref<i32>
  memref.store %res, %y[%gi] : memref<?xi32>
  return
}
