// The inputs of the first cases of exact.mlir as constants: after
// canonicalize no exact-semantics op is left (the folders computed every
// value), and the outputs must equal, byte for byte, what exact.mlir's
// kernels compute at run time from the same inputs (test/Integration/Exact).

func.func @int_ops_i32(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"}) attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1>} {
  %a0 = arith.constant -2147483648 : i32
  %b0 = arith.constant -1 : i32
  %r0 = kgpu.int_div %a0, %b0 : i32
  %i0 = arith.constant 0 : index
  memref.store %r0, %out[%i0] : memref<?xi32>
  %r1 = kgpu.int_rem %a0, %b0 : i32
  %i1 = arith.constant 1 : index
  memref.store %r1, %out[%i1] : memref<?xi32>
  %r2 = kgpu.int_div unsigned %a0, %b0 : i32
  %i2 = arith.constant 2 : index
  memref.store %r2, %out[%i2] : memref<?xi32>
  %r3 = kgpu.int_rem unsigned %a0, %b0 : i32
  %i3 = arith.constant 3 : index
  memref.store %r3, %out[%i3] : memref<?xi32>
  %r4 = kgpu.shift shl %a0, %b0 : i32
  %i4 = arith.constant 4 : index
  memref.store %r4, %out[%i4] : memref<?xi32>
  %r5 = kgpu.shift shrs %a0, %b0 : i32
  %i5 = arith.constant 5 : index
  memref.store %r5, %out[%i5] : memref<?xi32>
  %r6 = kgpu.shift shru %a0, %b0 : i32
  %i6 = arith.constant 6 : index
  memref.store %r6, %out[%i6] : memref<?xi32>
  %a1 = arith.constant 7 : i32
  %b1 = arith.constant 0 : i32
  %r7 = kgpu.int_div %a1, %b1 : i32
  %i7 = arith.constant 7 : index
  memref.store %r7, %out[%i7] : memref<?xi32>
  %r8 = kgpu.int_rem %a1, %b1 : i32
  %i8 = arith.constant 8 : index
  memref.store %r8, %out[%i8] : memref<?xi32>
  %r9 = kgpu.int_div unsigned %a1, %b1 : i32
  %i9 = arith.constant 9 : index
  memref.store %r9, %out[%i9] : memref<?xi32>
  %r10 = kgpu.int_rem unsigned %a1, %b1 : i32
  %i10 = arith.constant 10 : index
  memref.store %r10, %out[%i10] : memref<?xi32>
  %r11 = kgpu.shift shl %a1, %b1 : i32
  %i11 = arith.constant 11 : index
  memref.store %r11, %out[%i11] : memref<?xi32>
  %r12 = kgpu.shift shrs %a1, %b1 : i32
  %i12 = arith.constant 12 : index
  memref.store %r12, %out[%i12] : memref<?xi32>
  %r13 = kgpu.shift shru %a1, %b1 : i32
  %i13 = arith.constant 13 : index
  memref.store %r13, %out[%i13] : memref<?xi32>
  %a2 = arith.constant -7 : i32
  %b2 = arith.constant 2 : i32
  %r14 = kgpu.int_div %a2, %b2 : i32
  %i14 = arith.constant 14 : index
  memref.store %r14, %out[%i14] : memref<?xi32>
  %r15 = kgpu.int_rem %a2, %b2 : i32
  %i15 = arith.constant 15 : index
  memref.store %r15, %out[%i15] : memref<?xi32>
  %r16 = kgpu.int_div unsigned %a2, %b2 : i32
  %i16 = arith.constant 16 : index
  memref.store %r16, %out[%i16] : memref<?xi32>
  %r17 = kgpu.int_rem unsigned %a2, %b2 : i32
  %i17 = arith.constant 17 : index
  memref.store %r17, %out[%i17] : memref<?xi32>
  %r18 = kgpu.shift shl %a2, %b2 : i32
  %i18 = arith.constant 18 : index
  memref.store %r18, %out[%i18] : memref<?xi32>
  %r19 = kgpu.shift shrs %a2, %b2 : i32
  %i19 = arith.constant 19 : index
  memref.store %r19, %out[%i19] : memref<?xi32>
  %r20 = kgpu.shift shru %a2, %b2 : i32
  %i20 = arith.constant 20 : index
  memref.store %r20, %out[%i20] : memref<?xi32>
  %a3 = arith.constant 1 : i32
  %b3 = arith.constant 33 : i32
  %r21 = kgpu.int_div %a3, %b3 : i32
  %i21 = arith.constant 21 : index
  memref.store %r21, %out[%i21] : memref<?xi32>
  %r22 = kgpu.int_rem %a3, %b3 : i32
  %i22 = arith.constant 22 : index
  memref.store %r22, %out[%i22] : memref<?xi32>
  %r23 = kgpu.int_div unsigned %a3, %b3 : i32
  %i23 = arith.constant 23 : index
  memref.store %r23, %out[%i23] : memref<?xi32>
  %r24 = kgpu.int_rem unsigned %a3, %b3 : i32
  %i24 = arith.constant 24 : index
  memref.store %r24, %out[%i24] : memref<?xi32>
  %r25 = kgpu.shift shl %a3, %b3 : i32
  %i25 = arith.constant 25 : index
  memref.store %r25, %out[%i25] : memref<?xi32>
  %r26 = kgpu.shift shrs %a3, %b3 : i32
  %i26 = arith.constant 26 : index
  memref.store %r26, %out[%i26] : memref<?xi32>
  %r27 = kgpu.shift shru %a3, %b3 : i32
  %i27 = arith.constant 27 : index
  memref.store %r27, %out[%i27] : memref<?xi32>
  %a4 = arith.constant 1 : i32
  %b4 = arith.constant -1 : i32
  %r28 = kgpu.int_div %a4, %b4 : i32
  %i28 = arith.constant 28 : index
  memref.store %r28, %out[%i28] : memref<?xi32>
  %r29 = kgpu.int_rem %a4, %b4 : i32
  %i29 = arith.constant 29 : index
  memref.store %r29, %out[%i29] : memref<?xi32>
  %r30 = kgpu.int_div unsigned %a4, %b4 : i32
  %i30 = arith.constant 30 : index
  memref.store %r30, %out[%i30] : memref<?xi32>
  %r31 = kgpu.int_rem unsigned %a4, %b4 : i32
  %i31 = arith.constant 31 : index
  memref.store %r31, %out[%i31] : memref<?xi32>
  %r32 = kgpu.shift shl %a4, %b4 : i32
  %i32 = arith.constant 32 : index
  memref.store %r32, %out[%i32] : memref<?xi32>
  %r33 = kgpu.shift shrs %a4, %b4 : i32
  %i33 = arith.constant 33 : index
  memref.store %r33, %out[%i33] : memref<?xi32>
  %r34 = kgpu.shift shru %a4, %b4 : i32
  %i34 = arith.constant 34 : index
  memref.store %r34, %out[%i34] : memref<?xi32>
  %a5 = arith.constant -7 : i32
  %b5 = arith.constant 0 : i32
  %r35 = kgpu.int_div %a5, %b5 : i32
  %i35 = arith.constant 35 : index
  memref.store %r35, %out[%i35] : memref<?xi32>
  %r36 = kgpu.int_rem %a5, %b5 : i32
  %i36 = arith.constant 36 : index
  memref.store %r36, %out[%i36] : memref<?xi32>
  %r37 = kgpu.int_div unsigned %a5, %b5 : i32
  %i37 = arith.constant 37 : index
  memref.store %r37, %out[%i37] : memref<?xi32>
  %r38 = kgpu.int_rem unsigned %a5, %b5 : i32
  %i38 = arith.constant 38 : index
  memref.store %r38, %out[%i38] : memref<?xi32>
  %r39 = kgpu.shift shl %a5, %b5 : i32
  %i39 = arith.constant 39 : index
  memref.store %r39, %out[%i39] : memref<?xi32>
  %r40 = kgpu.shift shrs %a5, %b5 : i32
  %i40 = arith.constant 40 : index
  memref.store %r40, %out[%i40] : memref<?xi32>
  %r41 = kgpu.shift shru %a5, %b5 : i32
  %i41 = arith.constant 41 : index
  memref.store %r41, %out[%i41] : memref<?xi32>
  %a6 = arith.constant -2147483648 : i32
  %b6 = arith.constant 0 : i32
  %r42 = kgpu.int_div %a6, %b6 : i32
  %i42 = arith.constant 42 : index
  memref.store %r42, %out[%i42] : memref<?xi32>
  %r43 = kgpu.int_rem %a6, %b6 : i32
  %i43 = arith.constant 43 : index
  memref.store %r43, %out[%i43] : memref<?xi32>
  %r44 = kgpu.int_div unsigned %a6, %b6 : i32
  %i44 = arith.constant 44 : index
  memref.store %r44, %out[%i44] : memref<?xi32>
  %r45 = kgpu.int_rem unsigned %a6, %b6 : i32
  %i45 = arith.constant 45 : index
  memref.store %r45, %out[%i45] : memref<?xi32>
  %r46 = kgpu.shift shl %a6, %b6 : i32
  %i46 = arith.constant 46 : index
  memref.store %r46, %out[%i46] : memref<?xi32>
  %r47 = kgpu.shift shrs %a6, %b6 : i32
  %i47 = arith.constant 47 : index
  memref.store %r47, %out[%i47] : memref<?xi32>
  %r48 = kgpu.shift shru %a6, %b6 : i32
  %i48 = arith.constant 48 : index
  memref.store %r48, %out[%i48] : memref<?xi32>
  %a7 = arith.constant -1 : i32
  %b7 = arith.constant 37 : i32
  %r49 = kgpu.int_div %a7, %b7 : i32
  %i49 = arith.constant 49 : index
  memref.store %r49, %out[%i49] : memref<?xi32>
  %r50 = kgpu.int_rem %a7, %b7 : i32
  %i50 = arith.constant 50 : index
  memref.store %r50, %out[%i50] : memref<?xi32>
  %r51 = kgpu.int_div unsigned %a7, %b7 : i32
  %i51 = arith.constant 51 : index
  memref.store %r51, %out[%i51] : memref<?xi32>
  %r52 = kgpu.int_rem unsigned %a7, %b7 : i32
  %i52 = arith.constant 52 : index
  memref.store %r52, %out[%i52] : memref<?xi32>
  %r53 = kgpu.shift shl %a7, %b7 : i32
  %i53 = arith.constant 53 : index
  memref.store %r53, %out[%i53] : memref<?xi32>
  %r54 = kgpu.shift shrs %a7, %b7 : i32
  %i54 = arith.constant 54 : index
  memref.store %r54, %out[%i54] : memref<?xi32>
  %r55 = kgpu.shift shru %a7, %b7 : i32
  %i55 = arith.constant 55 : index
  memref.store %r55, %out[%i55] : memref<?xi32>
  return
}

func.func @int_ops_i64(%out: memref<?xi64> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"}) attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1>} {
  %a0 = arith.constant -9223372036854775808 : i64
  %b0 = arith.constant -1 : i64
  %r0 = kgpu.int_div %a0, %b0 : i64
  %i0 = arith.constant 0 : index
  memref.store %r0, %out[%i0] : memref<?xi64>
  %r1 = kgpu.int_rem %a0, %b0 : i64
  %i1 = arith.constant 1 : index
  memref.store %r1, %out[%i1] : memref<?xi64>
  %r2 = kgpu.int_div unsigned %a0, %b0 : i64
  %i2 = arith.constant 2 : index
  memref.store %r2, %out[%i2] : memref<?xi64>
  %r3 = kgpu.int_rem unsigned %a0, %b0 : i64
  %i3 = arith.constant 3 : index
  memref.store %r3, %out[%i3] : memref<?xi64>
  %r4 = kgpu.shift shl %a0, %b0 : i64
  %i4 = arith.constant 4 : index
  memref.store %r4, %out[%i4] : memref<?xi64>
  %r5 = kgpu.shift shrs %a0, %b0 : i64
  %i5 = arith.constant 5 : index
  memref.store %r5, %out[%i5] : memref<?xi64>
  %r6 = kgpu.shift shru %a0, %b0 : i64
  %i6 = arith.constant 6 : index
  memref.store %r6, %out[%i6] : memref<?xi64>
  %a1 = arith.constant 7 : i64
  %b1 = arith.constant 0 : i64
  %r7 = kgpu.int_div %a1, %b1 : i64
  %i7 = arith.constant 7 : index
  memref.store %r7, %out[%i7] : memref<?xi64>
  %r8 = kgpu.int_rem %a1, %b1 : i64
  %i8 = arith.constant 8 : index
  memref.store %r8, %out[%i8] : memref<?xi64>
  %r9 = kgpu.int_div unsigned %a1, %b1 : i64
  %i9 = arith.constant 9 : index
  memref.store %r9, %out[%i9] : memref<?xi64>
  %r10 = kgpu.int_rem unsigned %a1, %b1 : i64
  %i10 = arith.constant 10 : index
  memref.store %r10, %out[%i10] : memref<?xi64>
  %r11 = kgpu.shift shl %a1, %b1 : i64
  %i11 = arith.constant 11 : index
  memref.store %r11, %out[%i11] : memref<?xi64>
  %r12 = kgpu.shift shrs %a1, %b1 : i64
  %i12 = arith.constant 12 : index
  memref.store %r12, %out[%i12] : memref<?xi64>
  %r13 = kgpu.shift shru %a1, %b1 : i64
  %i13 = arith.constant 13 : index
  memref.store %r13, %out[%i13] : memref<?xi64>
  %a2 = arith.constant -7 : i64
  %b2 = arith.constant 2 : i64
  %r14 = kgpu.int_div %a2, %b2 : i64
  %i14 = arith.constant 14 : index
  memref.store %r14, %out[%i14] : memref<?xi64>
  %r15 = kgpu.int_rem %a2, %b2 : i64
  %i15 = arith.constant 15 : index
  memref.store %r15, %out[%i15] : memref<?xi64>
  %r16 = kgpu.int_div unsigned %a2, %b2 : i64
  %i16 = arith.constant 16 : index
  memref.store %r16, %out[%i16] : memref<?xi64>
  %r17 = kgpu.int_rem unsigned %a2, %b2 : i64
  %i17 = arith.constant 17 : index
  memref.store %r17, %out[%i17] : memref<?xi64>
  %r18 = kgpu.shift shl %a2, %b2 : i64
  %i18 = arith.constant 18 : index
  memref.store %r18, %out[%i18] : memref<?xi64>
  %r19 = kgpu.shift shrs %a2, %b2 : i64
  %i19 = arith.constant 19 : index
  memref.store %r19, %out[%i19] : memref<?xi64>
  %r20 = kgpu.shift shru %a2, %b2 : i64
  %i20 = arith.constant 20 : index
  memref.store %r20, %out[%i20] : memref<?xi64>
  %a3 = arith.constant 1 : i64
  %b3 = arith.constant 65 : i64
  %r21 = kgpu.int_div %a3, %b3 : i64
  %i21 = arith.constant 21 : index
  memref.store %r21, %out[%i21] : memref<?xi64>
  %r22 = kgpu.int_rem %a3, %b3 : i64
  %i22 = arith.constant 22 : index
  memref.store %r22, %out[%i22] : memref<?xi64>
  %r23 = kgpu.int_div unsigned %a3, %b3 : i64
  %i23 = arith.constant 23 : index
  memref.store %r23, %out[%i23] : memref<?xi64>
  %r24 = kgpu.int_rem unsigned %a3, %b3 : i64
  %i24 = arith.constant 24 : index
  memref.store %r24, %out[%i24] : memref<?xi64>
  %r25 = kgpu.shift shl %a3, %b3 : i64
  %i25 = arith.constant 25 : index
  memref.store %r25, %out[%i25] : memref<?xi64>
  %r26 = kgpu.shift shrs %a3, %b3 : i64
  %i26 = arith.constant 26 : index
  memref.store %r26, %out[%i26] : memref<?xi64>
  %r27 = kgpu.shift shru %a3, %b3 : i64
  %i27 = arith.constant 27 : index
  memref.store %r27, %out[%i27] : memref<?xi64>
  %a4 = arith.constant 1 : i64
  %b4 = arith.constant -1 : i64
  %r28 = kgpu.int_div %a4, %b4 : i64
  %i28 = arith.constant 28 : index
  memref.store %r28, %out[%i28] : memref<?xi64>
  %r29 = kgpu.int_rem %a4, %b4 : i64
  %i29 = arith.constant 29 : index
  memref.store %r29, %out[%i29] : memref<?xi64>
  %r30 = kgpu.int_div unsigned %a4, %b4 : i64
  %i30 = arith.constant 30 : index
  memref.store %r30, %out[%i30] : memref<?xi64>
  %r31 = kgpu.int_rem unsigned %a4, %b4 : i64
  %i31 = arith.constant 31 : index
  memref.store %r31, %out[%i31] : memref<?xi64>
  %r32 = kgpu.shift shl %a4, %b4 : i64
  %i32 = arith.constant 32 : index
  memref.store %r32, %out[%i32] : memref<?xi64>
  %r33 = kgpu.shift shrs %a4, %b4 : i64
  %i33 = arith.constant 33 : index
  memref.store %r33, %out[%i33] : memref<?xi64>
  %r34 = kgpu.shift shru %a4, %b4 : i64
  %i34 = arith.constant 34 : index
  memref.store %r34, %out[%i34] : memref<?xi64>
  %a5 = arith.constant -9223372036854775808 : i64
  %b5 = arith.constant 0 : i64
  %r35 = kgpu.int_div %a5, %b5 : i64
  %i35 = arith.constant 35 : index
  memref.store %r35, %out[%i35] : memref<?xi64>
  %r36 = kgpu.int_rem %a5, %b5 : i64
  %i36 = arith.constant 36 : index
  memref.store %r36, %out[%i36] : memref<?xi64>
  %r37 = kgpu.int_div unsigned %a5, %b5 : i64
  %i37 = arith.constant 37 : index
  memref.store %r37, %out[%i37] : memref<?xi64>
  %r38 = kgpu.int_rem unsigned %a5, %b5 : i64
  %i38 = arith.constant 38 : index
  memref.store %r38, %out[%i38] : memref<?xi64>
  %r39 = kgpu.shift shl %a5, %b5 : i64
  %i39 = arith.constant 39 : index
  memref.store %r39, %out[%i39] : memref<?xi64>
  %r40 = kgpu.shift shrs %a5, %b5 : i64
  %i40 = arith.constant 40 : index
  memref.store %r40, %out[%i40] : memref<?xi64>
  %r41 = kgpu.shift shru %a5, %b5 : i64
  %i41 = arith.constant 41 : index
  memref.store %r41, %out[%i41] : memref<?xi64>
  %a6 = arith.constant -1 : i64
  %b6 = arith.constant 63 : i64
  %r42 = kgpu.int_div %a6, %b6 : i64
  %i42 = arith.constant 42 : index
  memref.store %r42, %out[%i42] : memref<?xi64>
  %r43 = kgpu.int_rem %a6, %b6 : i64
  %i43 = arith.constant 43 : index
  memref.store %r43, %out[%i43] : memref<?xi64>
  %r44 = kgpu.int_div unsigned %a6, %b6 : i64
  %i44 = arith.constant 44 : index
  memref.store %r44, %out[%i44] : memref<?xi64>
  %r45 = kgpu.int_rem unsigned %a6, %b6 : i64
  %i45 = arith.constant 45 : index
  memref.store %r45, %out[%i45] : memref<?xi64>
  %r46 = kgpu.shift shl %a6, %b6 : i64
  %i46 = arith.constant 46 : index
  memref.store %r46, %out[%i46] : memref<?xi64>
  %r47 = kgpu.shift shrs %a6, %b6 : i64
  %i47 = arith.constant 47 : index
  memref.store %r47, %out[%i47] : memref<?xi64>
  %r48 = kgpu.shift shru %a6, %b6 : i64
  %i48 = arith.constant 48 : index
  memref.store %r48, %out[%i48] : memref<?xi64>
  %a7 = arith.constant -1 : i64
  %b7 = arith.constant 64 : i64
  %r49 = kgpu.int_div %a7, %b7 : i64
  %i49 = arith.constant 49 : index
  memref.store %r49, %out[%i49] : memref<?xi64>
  %r50 = kgpu.int_rem %a7, %b7 : i64
  %i50 = arith.constant 50 : index
  memref.store %r50, %out[%i50] : memref<?xi64>
  %r51 = kgpu.int_div unsigned %a7, %b7 : i64
  %i51 = arith.constant 51 : index
  memref.store %r51, %out[%i51] : memref<?xi64>
  %r52 = kgpu.int_rem unsigned %a7, %b7 : i64
  %i52 = arith.constant 52 : index
  memref.store %r52, %out[%i52] : memref<?xi64>
  %r53 = kgpu.shift shl %a7, %b7 : i64
  %i53 = arith.constant 53 : index
  memref.store %r53, %out[%i53] : memref<?xi64>
  %r54 = kgpu.shift shrs %a7, %b7 : i64
  %i54 = arith.constant 54 : index
  memref.store %r54, %out[%i54] : memref<?xi64>
  %r55 = kgpu.shift shru %a7, %b7 : i64
  %i55 = arith.constant 55 : index
  memref.store %r55, %out[%i55] : memref<?xi64>
  return
}

func.func @float_to_int(%fi: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "fi"}, %fl: memref<?xi64> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "fl"}, %di: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "di"}, %dl: memref<?xi64> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "dl"}) attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1>} {
  %f0 = arith.constant 0x7FC00000 : f32
  %fi0 = kgpu.fptosi_sat %f0 : f32 to i32
  %fl0 = kgpu.fptosi_sat %f0 : f32 to i64
  %j0 = arith.constant 0 : index
  memref.store %fi0, %fi[%j0] : memref<?xi32>
  memref.store %fl0, %fl[%j0] : memref<?xi64>
  %f1 = arith.constant 0x7F800000 : f32
  %fi1 = kgpu.fptosi_sat %f1 : f32 to i32
  %fl1 = kgpu.fptosi_sat %f1 : f32 to i64
  %j1 = arith.constant 1 : index
  memref.store %fi1, %fi[%j1] : memref<?xi32>
  memref.store %fl1, %fl[%j1] : memref<?xi64>
  %f2 = arith.constant 0xFF800000 : f32
  %fi2 = kgpu.fptosi_sat %f2 : f32 to i32
  %fl2 = kgpu.fptosi_sat %f2 : f32 to i64
  %j2 = arith.constant 2 : index
  memref.store %fi2, %fi[%j2] : memref<?xi32>
  memref.store %fl2, %fl[%j2] : memref<?xi64>
  %f3 = arith.constant 0x4F32D05E : f32
  %fi3 = kgpu.fptosi_sat %f3 : f32 to i32
  %fl3 = kgpu.fptosi_sat %f3 : f32 to i64
  %j3 = arith.constant 3 : index
  memref.store %fi3, %fi[%j3] : memref<?xi32>
  memref.store %fl3, %fl[%j3] : memref<?xi64>
  %f4 = arith.constant 0xCF32D05E : f32
  %fi4 = kgpu.fptosi_sat %f4 : f32 to i32
  %fl4 = kgpu.fptosi_sat %f4 : f32 to i64
  %j4 = arith.constant 4 : index
  memref.store %fi4, %fi[%j4] : memref<?xi32>
  memref.store %fl4, %fl[%j4] : memref<?xi64>
  %f5 = arith.constant 0xC0300000 : f32
  %fi5 = kgpu.fptosi_sat %f5 : f32 to i32
  %fl5 = kgpu.fptosi_sat %f5 : f32 to i64
  %j5 = arith.constant 5 : index
  memref.store %fi5, %fi[%j5] : memref<?xi32>
  memref.store %fl5, %fl[%j5] : memref<?xi64>
  %f6 = arith.constant 0x80000000 : f32
  %fi6 = kgpu.fptosi_sat %f6 : f32 to i32
  %fl6 = kgpu.fptosi_sat %f6 : f32 to i64
  %j6 = arith.constant 6 : index
  memref.store %fi6, %fi[%j6] : memref<?xi32>
  memref.store %fl6, %fl[%j6] : memref<?xi64>
  %f7 = arith.constant 0x00000000 : f32
  %fi7 = kgpu.fptosi_sat %f7 : f32 to i32
  %fl7 = kgpu.fptosi_sat %f7 : f32 to i64
  %j7 = arith.constant 7 : index
  memref.store %fi7, %fi[%j7] : memref<?xi32>
  memref.store %fl7, %fl[%j7] : memref<?xi64>
  %d0 = arith.constant 0x7FF8000000000000 : f64
  %di0 = kgpu.fptosi_sat %d0 : f64 to i32
  %dl0 = kgpu.fptosi_sat %d0 : f64 to i64
  memref.store %di0, %di[%j0] : memref<?xi32>
  memref.store %dl0, %dl[%j0] : memref<?xi64>
  %d1 = arith.constant 0x7FF0000000000000 : f64
  %di1 = kgpu.fptosi_sat %d1 : f64 to i32
  %dl1 = kgpu.fptosi_sat %d1 : f64 to i64
  memref.store %di1, %di[%j1] : memref<?xi32>
  memref.store %dl1, %dl[%j1] : memref<?xi64>
  %d2 = arith.constant 0xFFF0000000000000 : f64
  %di2 = kgpu.fptosi_sat %d2 : f64 to i32
  %dl2 = kgpu.fptosi_sat %d2 : f64 to i64
  memref.store %di2, %di[%j2] : memref<?xi32>
  memref.store %dl2, %dl[%j2] : memref<?xi64>
  %d3 = arith.constant 0x41DFFFFFFFF9999A : f64
  %di3 = kgpu.fptosi_sat %d3 : f64 to i32
  %dl3 = kgpu.fptosi_sat %d3 : f64 to i64
  memref.store %di3, %di[%j3] : memref<?xi32>
  memref.store %dl3, %dl[%j3] : memref<?xi64>
  %d4 = arith.constant 0x41E0000000000000 : f64
  %di4 = kgpu.fptosi_sat %d4 : f64 to i32
  %dl4 = kgpu.fptosi_sat %d4 : f64 to i64
  memref.store %di4, %di[%j4] : memref<?xi32>
  memref.store %dl4, %dl[%j4] : memref<?xi64>
  %d5 = arith.constant 0xC1E0000000100000 : f64
  %di5 = kgpu.fptosi_sat %d5 : f64 to i32
  %dl5 = kgpu.fptosi_sat %d5 : f64 to i64
  memref.store %di5, %di[%j5] : memref<?xi32>
  memref.store %dl5, %dl[%j5] : memref<?xi64>
  %d6 = arith.constant 0xC1E0000000200000 : f64
  %di6 = kgpu.fptosi_sat %d6 : f64 to i32
  %dl6 = kgpu.fptosi_sat %d6 : f64 to i64
  memref.store %di6, %di[%j6] : memref<?xi32>
  memref.store %dl6, %dl[%j6] : memref<?xi64>
  %d7 = arith.constant 0x43E0000000000000 : f64
  %di7 = kgpu.fptosi_sat %d7 : f64 to i32
  %dl7 = kgpu.fptosi_sat %d7 : f64 to i64
  memref.store %di7, %di[%j7] : memref<?xi32>
  memref.store %dl7, %dl[%j7] : memref<?xi64>
  return
}

func.func @min_max_f32(%out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"}) attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1>} {
  %a0 = arith.constant 0x7FC00000 : f32
  %b0 = arith.constant 0x3F800000 : f32
  %lo0 = kgpu.jvm_min %a0, %b0 : f32
  %hi0 = kgpu.jvm_max %a0, %b0 : f32
  %o0 = arith.constant 0 : index
  %p0 = arith.constant 1 : index
  memref.store %lo0, %out[%o0] : memref<?xf32>
  memref.store %hi0, %out[%p0] : memref<?xf32>
  %a1 = arith.constant 0x00000000 : f32
  %b1 = arith.constant 0x80000000 : f32
  %lo1 = kgpu.jvm_min %a1, %b1 : f32
  %hi1 = kgpu.jvm_max %a1, %b1 : f32
  %o1 = arith.constant 2 : index
  %p1 = arith.constant 3 : index
  memref.store %lo1, %out[%o1] : memref<?xf32>
  memref.store %hi1, %out[%p1] : memref<?xf32>
  %a2 = arith.constant 0x3F800000 : f32
  %b2 = arith.constant 0x7FC00000 : f32
  %lo2 = kgpu.jvm_min %a2, %b2 : f32
  %hi2 = kgpu.jvm_max %a2, %b2 : f32
  %o2 = arith.constant 4 : index
  %p2 = arith.constant 5 : index
  memref.store %lo2, %out[%o2] : memref<?xf32>
  memref.store %hi2, %out[%p2] : memref<?xf32>
  %a3 = arith.constant 0x80000000 : f32
  %b3 = arith.constant 0x00000000 : f32
  %lo3 = kgpu.jvm_min %a3, %b3 : f32
  %hi3 = kgpu.jvm_max %a3, %b3 : f32
  %o3 = arith.constant 6 : index
  %p3 = arith.constant 7 : index
  memref.store %lo3, %out[%o3] : memref<?xf32>
  memref.store %hi3, %out[%p3] : memref<?xf32>
  %a4 = arith.constant 0x7FC00000 : f32
  %b4 = arith.constant 0x7FC00000 : f32
  %lo4 = kgpu.jvm_min %a4, %b4 : f32
  %hi4 = kgpu.jvm_max %a4, %b4 : f32
  %o4 = arith.constant 8 : index
  %p4 = arith.constant 9 : index
  memref.store %lo4, %out[%o4] : memref<?xf32>
  memref.store %hi4, %out[%p4] : memref<?xf32>
  %a5 = arith.constant 0x00000000 : f32
  %b5 = arith.constant 0x00000000 : f32
  %lo5 = kgpu.jvm_min %a5, %b5 : f32
  %hi5 = kgpu.jvm_max %a5, %b5 : f32
  %o5 = arith.constant 10 : index
  %p5 = arith.constant 11 : index
  memref.store %lo5, %out[%o5] : memref<?xf32>
  memref.store %hi5, %out[%p5] : memref<?xf32>
  %a6 = arith.constant 0x80000000 : f32
  %b6 = arith.constant 0x80000000 : f32
  %lo6 = kgpu.jvm_min %a6, %b6 : f32
  %hi6 = kgpu.jvm_max %a6, %b6 : f32
  %o6 = arith.constant 12 : index
  %p6 = arith.constant 13 : index
  memref.store %lo6, %out[%o6] : memref<?xf32>
  memref.store %hi6, %out[%p6] : memref<?xf32>
  return
}

func.func @min_max_f64(%out: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"}) attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1>} {
  %a0 = arith.constant 0x7FF8000000000000 : f64
  %b0 = arith.constant 0x3FF0000000000000 : f64
  %lo0 = kgpu.jvm_min %a0, %b0 : f64
  %hi0 = kgpu.jvm_max %a0, %b0 : f64
  %o0 = arith.constant 0 : index
  %p0 = arith.constant 1 : index
  memref.store %lo0, %out[%o0] : memref<?xf64>
  memref.store %hi0, %out[%p0] : memref<?xf64>
  %a1 = arith.constant 0x0000000000000000 : f64
  %b1 = arith.constant 0x8000000000000000 : f64
  %lo1 = kgpu.jvm_min %a1, %b1 : f64
  %hi1 = kgpu.jvm_max %a1, %b1 : f64
  %o1 = arith.constant 2 : index
  %p1 = arith.constant 3 : index
  memref.store %lo1, %out[%o1] : memref<?xf64>
  memref.store %hi1, %out[%p1] : memref<?xf64>
  %a2 = arith.constant 0x3FF0000000000000 : f64
  %b2 = arith.constant 0x7FF8000000000000 : f64
  %lo2 = kgpu.jvm_min %a2, %b2 : f64
  %hi2 = kgpu.jvm_max %a2, %b2 : f64
  %o2 = arith.constant 4 : index
  %p2 = arith.constant 5 : index
  memref.store %lo2, %out[%o2] : memref<?xf64>
  memref.store %hi2, %out[%p2] : memref<?xf64>
  %a3 = arith.constant 0x8000000000000000 : f64
  %b3 = arith.constant 0x0000000000000000 : f64
  %lo3 = kgpu.jvm_min %a3, %b3 : f64
  %hi3 = kgpu.jvm_max %a3, %b3 : f64
  %o3 = arith.constant 6 : index
  %p3 = arith.constant 7 : index
  memref.store %lo3, %out[%o3] : memref<?xf64>
  memref.store %hi3, %out[%p3] : memref<?xf64>
  %a4 = arith.constant 0x7FF8000000000000 : f64
  %b4 = arith.constant 0x7FF8000000000000 : f64
  %lo4 = kgpu.jvm_min %a4, %b4 : f64
  %hi4 = kgpu.jvm_max %a4, %b4 : f64
  %o4 = arith.constant 8 : index
  %p4 = arith.constant 9 : index
  memref.store %lo4, %out[%o4] : memref<?xf64>
  memref.store %hi4, %out[%p4] : memref<?xf64>
  %a5 = arith.constant 0x8000000000000000 : f64
  %b5 = arith.constant 0x8000000000000000 : f64
  %lo5 = kgpu.jvm_min %a5, %b5 : f64
  %hi5 = kgpu.jvm_max %a5, %b5 : f64
  %o5 = arith.constant 10 : index
  %p5 = arith.constant 11 : index
  memref.store %lo5, %out[%o5] : memref<?xf64>
  memref.store %hi5, %out[%p5] : memref<?xf64>
  return
}
