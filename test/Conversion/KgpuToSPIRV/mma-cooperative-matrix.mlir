// Tensor-core ops become SPIR-V cooperative matrices (SPV_KHR_cooperative_matrix,
// subgroup scope): a module with them gets SPIR-V 1.6, CooperativeMatrixKHR
// and the 16-bit (8-bit) storage of its fragments' elements.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

// CHECK-LABEL: spirv.module @{{.*}}global
// CHECK-SAME: #spirv.vce<v1.6, [{{.*}}Float16, StorageBuffer16BitAccess, CooperativeMatrixKHR{{.*}}], [{{.*}}SPV_KHR_16bit_storage, SPV_KHR_cooperative_matrix
// CHECK-LABEL: spirv.func @m16n16k16
// CHECK: %[[ZERO:.*]] = spirv.Constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = spirv.CompositeConstruct %[[ZERO]] : (f32) -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK: %[[PA:.*]] = spirv.AccessChain %{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
// CHECK: %[[A:.*]] = spirv.KHR.CooperativeMatrixLoad %[[PA]], %[[LD:.*]], <RowMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK: %[[B:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %[[LD]], <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK: %[[D:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[A]], %[[B]], %[[ACC]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[D]], %[[LD]], <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32

// CHECK-LABEL: spirv.func @m16n8k16_local
// The 2-D local tile: its rows are 24 halves apart.
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %cst24_i32{{[_0-9]*}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %cst24_i32{{[_0-9]*}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x8xf16, Subgroup, MatrixB>
// CHECK: spirv.KHR.CooperativeMatrixMulAdd {{.*}} -> !spirv.coopmatrix<16x8xf32, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.*}}, %{{.*}}, %cst8_i32, <ColumnMajor> : !spirv.ptr<f32, Workgroup>, !spirv.coopmatrix<16x8xf32, Subgroup, MatrixAcc>, i32

// CHECK-LABEL: spirv.func @m16n16k16_f16_acc
// CHECK: spirv.KHR.CooperativeMatrixMulAdd {{.*}} -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore {{.*}} : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32

// CHECK-LABEL: spirv.module @{{.*}}int8
// CHECK-SAME: #spirv.vce<v1.6, [{{.*}}CooperativeMatrixKHR, VulkanMemoryModel, VulkanMemoryModelDeviceScope, Int8, StorageBuffer8BitAccess{{.*}}], [{{.*}}SPV_KHR_cooperative_matrix, SPV_KHR_vulkan_memory_model, SPV_KHR_8bit_storage
// CHECK-LABEL: spirv.func @m16n8k32_i8
// CHECK: spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x32xi8, Subgroup, MatrixA>
// CHECK: spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<32x8xi8, Subgroup, MatrixB>
// CHECK: spirv.KHR.CooperativeMatrixMulAdd {{.*}}, <ASigned|BSigned|CSigned|ResultSigned> : !spirv.coopmatrix<16x32xi8, Subgroup, MatrixA>, !spirv.coopmatrix<32x8xi8, Subgroup, MatrixB> -> !spirv.coopmatrix<16x8xi32, Subgroup, MatrixAcc>

// A module without tensor-core ops keeps SPIR-V 1.3.
// CHECK-LABEL: spirv.module @{{.*}}plain
// CHECK-SAME: #spirv.vce<v1.3,
// CHECK-NOT: CooperativeMatrixKHR

module attributes {gpu.container_module} {
  gpu.module @global {
    gpu.func @m16n16k16(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %a[%c0] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %b[%c0] lead_dim %n col_major : memref<?xf16> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    gpu.func @m16n8k16_local(%c: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %tile = memref.alloc() : memref<16x24xf16, 3>
      %out = memref.alloc() : memref<128xf32, 3>
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c0, %c0] : memref<16x24xf16, 3> -> !kgpu.mma<m16n8k16, a, f16>
      %fb = kgpu.mma_load %tile[%c0, %c8] : memref<16x24xf16, 3> -> !kgpu.mma<m16n8k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k16, a, f16>, !kgpu.mma<m16n8k16, b, f16> -> !kgpu.mma<m16n8k16, acc, f32>
      kgpu.mma_store %d, %out[%c0] lead_dim %c8 col_major : !kgpu.mma<m16n8k16, acc, f32>, memref<128xf32, 3>
      %v = memref.load %out[%c0] : memref<128xf32, 3>
      memref.store %v, %c[%c0] : memref<?xf32>
      gpu.return
    }
    gpu.func @m16n16k16_f16_acc(%a: memref<?xf16>, %c: memref<?xf16>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f16
      %acc = kgpu.mma_fill %zero : f16 -> !kgpu.mma<m16n16k16, acc, f16>
      %fa = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f16>
      kgpu.mma_store %d, %c[%c0] lead_dim %c16 : !kgpu.mma<m16n16k16, acc, f16>, memref<?xf16>
      gpu.return
    }
  }
  gpu.module @int8 {
    gpu.func @m16n8k32_i8(%a: memref<?xi8>, %c: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %acc = kgpu.mma_fill %zero : i32 -> !kgpu.mma<m16n8k32, acc, i32>
      %fa = kgpu.mma_load %a[%c0] lead_dim %c32 : memref<?xi8> -> !kgpu.mma<m16n8k32, a, i8>
      %fb = kgpu.mma_load %a[%c0] lead_dim %c8 : memref<?xi8> -> !kgpu.mma<m16n8k32, b, i8>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
      kgpu.mma_store %d, %c[%c0] lead_dim %c8 : !kgpu.mma<m16n8k32, acc, i32>, memref<?xi32>
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @copy(%a: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<?xf32>
      memref.store %v, %a[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
