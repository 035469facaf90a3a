// A naive bf16 tensor-core GEMM (kgpu dialect: kgc has no bf16): each
// sub-group computes one 16x16 tile of C = A * B with bf16 inputs and f32
// accumulation, m16n16k16 (the bf16 shape NVIDIA's Vulkan driver lists),
// operands straight from global memory. The kgpu form of
// test/Frontend/KGC/corpus/mma_gemm.kgc with bf16 for half.
// Used by test/Integration/CPU/mma_gemm_bf16.test and the H200 run of
// bench/gpu/coopmat-hgemm-device.sh (Vulkan, SPV_KHR_bfloat16).
module {
  func.func @mma_gemm_bf16(%arg0: memref<?xbf16> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "A"}, %arg1: memref<?xbf16> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "B"}, %arg2: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "C"}, %arg3: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "M"}, %arg4: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "N"}, %arg5: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "K"}) attributes {kgpu.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %c16_i32 = arith.constant 16 : i32
    %group_id_y = kgpu.group_id  y
    %0 = arith.index_cast %group_id_y : index to i32
    %1 = arith.muli %0, %c16_i32 : i32
    %group_id_x = kgpu.group_id  x
    %2 = arith.index_cast %group_id_x : index to i32
    %3 = arith.muli %2, %c16_i32 : i32
    %4 = kgpu.mma_fill %cst : f32 -> !kgpu.mma<m16n16k16, acc, f32>
    %5:2 = scf.while (%arg6 = %4, %arg7 = %c0_i32) : (!kgpu.mma<m16n16k16, acc, f32>, i32) -> (!kgpu.mma<m16n16k16, acc, f32>, i32) {
      %11 = arith.cmpi slt, %arg7, %arg5 : i32
      scf.condition(%11) %arg6, %arg7 : !kgpu.mma<m16n16k16, acc, f32>, i32
    } do {
    ^bb0(%arg6: !kgpu.mma<m16n16k16, acc, f32>, %arg7: i32):
      %11 = arith.index_cast %1 : i32 to index
      %12 = arith.index_cast %arg7 : i32 to index
      %13 = arith.index_cast %arg5 : i32 to index
      %14 = arith.muli %11, %13 : index
      %15 = arith.addi %14, %12 : index
      %16 = kgpu.mma_load %arg0[%15] lead_dim %13 : memref<?xbf16> -> !kgpu.mma<m16n16k16, a, bf16>
      %17 = arith.index_cast %3 : i32 to index
      %18 = arith.index_cast %arg4 : i32 to index
      %19 = arith.muli %12, %18 : index
      %20 = arith.addi %19, %17 : index
      %21 = kgpu.mma_load %arg1[%20] lead_dim %18 : memref<?xbf16> -> !kgpu.mma<m16n16k16, b, bf16>
      %22 = kgpu.mma_compute %16, %21, %arg6 : !kgpu.mma<m16n16k16, a, bf16>, !kgpu.mma<m16n16k16, b, bf16> -> !kgpu.mma<m16n16k16, acc, f32>
      %23 = arith.addi %arg7, %c16_i32 : i32
      scf.yield %22, %23 : !kgpu.mma<m16n16k16, acc, f32>, i32
    }
    %6 = arith.index_cast %1 : i32 to index
    %7 = arith.index_cast %3 : i32 to index
    %8 = arith.index_cast %arg4 : i32 to index
    %9 = arith.muli %6, %8 : index
    %10 = arith.addi %9, %7 : index
    kgpu.mma_store %5#0, %arg2[%10] lead_dim %8 : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
    return
  }
}

