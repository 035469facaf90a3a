// java.util.concurrent.atomic.AtomicInteger as a kernel parameter
// (TornadoVM's global atomic counter): a buffer of one int; its
// incrementAndGet / getAndIncrement / decrementAndGet / getAndDecrement
// are kgpu.atomic_rmw add on element 0 (the ...AndGet forms add the delta
// to the old value), get a load. Other members are KG-E0109.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -parameters -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/AtomicInteger.class --kernel AtomicInteger::count --emit=kgpu | FileCheck %s
// RUN: not kgpu-translate %t/AtomicInteger.class --kernel AtomicInteger::unsupported --emit=kgpu 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @count(
// CHECK-SAME: %arg0: memref<?xi32> {{.*}}kgpu.name = "counter"}
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[OLD:.*]] = kgpu.atomic_rmw add %[[C1]], %arg0[%c0]
// CHECK: arith.addi %[[OLD]], %[[C1]]
// CHECK: kgpu.atomic_rmw add %[[C1]], %arg0[%c0]
// CHECK: kgpu.atomic_rmw add %c-1_i32, %arg0[%c0]
// CHECK: memref.load %arg0[%c0]

// ERR: AtomicInteger.java:[[@LINE+16]]:0: error: KG-E0109: java.util.concurrent.atomic.AtomicInteger.addAndGet(I)I is not supported

import uk.ac.manchester.tornado.api.KernelContext;

public class AtomicInteger {
  public static void count(KernelContext kc, java.util.concurrent.atomic.AtomicInteger counter, int[] out) {
    int i = kc.globalIdx;
    int ticket = counter.incrementAndGet();
    int before = counter.getAndIncrement();
    int after = counter.decrementAndGet();
    out[3 * i] = ticket;
    out[3 * i + 1] = before + after;
    out[3 * i + 2] = counter.get();
  }

  public static void unsupported(KernelContext kc, java.util.concurrent.atomic.AtomicInteger counter, int[] out) {
    out[kc.globalIdx] = counter.addAndGet(2);
  }
}
