// RUN: kgpu-opt %s --convert-gpu-to-cpu | FileCheck %s

// The C entry point of docs/codegen.md ("CPU ABI"):
//   void kgpu_cpu_<kernel>(void **args, const int64_t *launch,
//                          int64_t groupBegin, int64_t groupEnd)
// args[i] points to a { T *data; int64_t count; } for a memref<?xT>, to the
// data pointer's struct likewise for a static memref, and to the value for a
// scalar (index as int64_t); launch = grid x, y, z, then block x, y, z.

// CHECK-LABEL: func.func private @k(
// CHECK-SAME:    memref<?xf32>, %{{.*}}: memref<4x8xi32>, %{{.*}}: f64, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)

// CHECK-LABEL: func.func @kgpu_cpu_k(
// CHECK-SAME:    %[[ARGS:.*]]: !llvm.ptr, %[[LAUNCH:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64)
//                args[0]: { data, count } -> memref<?xf32>
// CHECK:         %[[A0P:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[A0:.*]] = llvm.load %[[A0P]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[DATA:.*]] = llvm.load %[[A0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[CNTP:.*]] = llvm.getelementptr %[[A0]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK:         %[[CNT:.*]] = llvm.load %[[CNTP]] : !llvm.ptr -> i64
// CHECK:         llvm.insertvalue %[[DATA]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[DATA]], %{{.*}}[1]
// CHECK:         llvm.insertvalue %[[CNT]], %{{.*}}[3, 0]
// CHECK:         %[[M0:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
//                args[1]: a static 4x8 memref, strides [8, 1]
// CHECK:         llvm.insertvalue %{{.*}}, %{{.*}}[4, 1]
// CHECK:         %[[C8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK:         llvm.insertvalue %[[C8]], %{{.*}}[4, 0]
// CHECK:         %[[M1:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4x8xi32>
//                args[2]: a double, args[3]: an index
// CHECK:         %[[A2P:.*]] = llvm.getelementptr %[[ARGS]][2]
// CHECK:         %[[A2:.*]] = llvm.load %[[A2P]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[D:.*]] = llvm.load %[[A2]] : !llvm.ptr -> f64
// CHECK:         %[[A3P:.*]] = llvm.getelementptr %[[ARGS]][3]
// CHECK:         %[[A3:.*]] = llvm.load %[[A3P]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[N64:.*]] = llvm.load %[[A3]] : !llvm.ptr -> i64
// CHECK:         %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
//                launch[0..2]: the grid
// CHECK:         %[[GXP:.*]] = llvm.getelementptr %[[LAUNCH]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK:         %[[GX:.*]] = llvm.load %[[GXP]] : !llvm.ptr -> i64
// CHECK:         %[[GXI:.*]] = arith.index_cast %[[GX]]
// CHECK:         llvm.getelementptr %[[LAUNCH]][1]
// CHECK:         llvm.getelementptr %[[LAUNCH]][2]
// CHECK:         %[[B:.*]] = arith.index_cast %[[BEGIN]] : i64 to index
// CHECK:         %[[E:.*]] = arith.index_cast %[[END]] : i64 to index
// CHECK:         call @k(%[[M0]], %[[M1]], %[[D]], %[[N]], %[[GXI]], %{{.*}}, %{{.*}}, %[[B]], %[[E]])
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>, %m: memref<4x8xi32>, %d: f64, %n: index)
        kernel attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
