//===- kgpu-opt.cpp - kgpu optimizer driver ---------------------*- C++ -*-===//
//
// mlir-opt with the kgpu dialect and passes: every upstream dialect,
// extension, pass and GPU-to-LLVM-IR translation is registered, so upstream
// pipelines such as convert-gpu-to-nvvm, gpu-module-to-binary and
// convert-gpu-to-spirv run through it.
//
//===----------------------------------------------------------------------===//

#include "kgpu/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::kgpu::registerAllDialects(registry);
  mlir::kgpu::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "kgpu optimizer driver\n", registry));
}
