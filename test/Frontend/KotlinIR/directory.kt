// A directory of dumps (kotlinc -Xdump-directory=DIR writes DIR/<module>/…)
// with --import-kotlin-ir: every .ir/.ir.txt below it, in path order, into
// one module. A directory without --import-kotlin-ir is a JVM class path.
// RUN: rm -rf %t.d %t.empty && mkdir -p %t.d/main %t.d/other %t.empty
// RUN: %kotlin-ir-dump %s %t.d/main/first.ir
// RUN: cp %S/Inputs/dir/second.ir.txt %t.d/other/second.ir.txt
// RUN: kgpu-translate --import-kotlin-ir %t.d --emit=mlir | FileCheck %s
// RUN: kgpu-translate --import-kotlin-ir %t.d --kernel second --targets=cpu -o %t.kgpu
// RUN: kgpu-run %t.kgpu --device cpu --kernel second --size 3 --arg out=zeros:3 --out out=%t.out
// RUN: od -An -t d4 -v %t.out | FileCheck %s --check-prefix=OUT
// RUN: cp %t.d/main/first.ir %t.d/other/again.ir
// RUN: not kgpu-translate --import-kotlin-ir %t.d --emit=mlir 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not kgpu-translate --import-kotlin-ir %t.empty 2>&1 | FileCheck %s --check-prefix=NONE
// REQUIRES: kotlinc
package t.directory

import io.github.rajumark.kernelin.*

// CHECK: func.func @first(
// CHECK: func.func @second(
// OUT: 7 7 7
// DUP: again.ir:{{[0-9]+}}:{{[0-9]+}}: error: 'first' is defined in two dumps of directory
// NONE: error: no Kotlin IR dumps (.ir, .ir.txt) in directory
@Kernel
fun first(out: IntArray) {
    out[globalId()] = 1
}
