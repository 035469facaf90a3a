//===- MmaFragmentConversion.cpp - converting kgpu MMA fragments ----------===//
//
// The shared driver of the tensor-core lowerings
// (kgpu/Conversion/Common/MmaFragmentConversion.h).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/Common/MmaFragmentConversion.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::kgpu;

bool mlir::kgpu::isWgmmaOp(Operation *op) {
  return isa<WgmmaFillOp, WgmmaOp, WgmmaFenceOp, WgmmaCommitOp, WgmmaWaitOp,
             WgmmaStoreOp>(op);
}

bool mlir::kgpu::isMmaOp(Operation *op) {
  return isa<MmaFillOp, MmaLoadOp, MmaComputeOp, MmaStoreOp>(op) ||
         isWgmmaOp(op);
}

bool mlir::kgpu::containsMmaOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isMmaOp(op) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

MmaFragmentTypeConverter::MmaFragmentTypeConverter(
    std::function<std::optional<Type>(MmaFragmentType)> convertFragment,
    std::function<std::optional<Type>(WgmmaAccType)> convertWgmmaAcc) {
  // Tried last: every type that is not a fragment stays.
  addConversion([](Type type) { return type; });
  addConversion([convertFragment = std::move(convertFragment)](
                    MmaFragmentType type) -> std::optional<Type> {
    return convertFragment(type);
  });
  if (convertWgmmaAcc)
    addConversion([convertWgmmaAcc = std::move(convertWgmmaAcc)](
                      WgmmaAccType type) -> std::optional<Type> {
      return convertWgmmaAcc(type);
    });
}

LogicalResult
mlir::kgpu::applyMmaFragmentConversion(Operation *root,
                                       MmaFragmentTypeConverter &converter,
                                       RewritePatternSet &&patterns) {
  ConversionTarget target(*root->getContext());
  target.addIllegalOp<MmaFillOp, MmaLoadOp, MmaComputeOp, MmaStoreOp,
                      WgmmaFillOp, WgmmaOp, WgmmaFenceOp, WgmmaCommitOp,
                      WgmmaWaitOp, WgmmaStoreOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  return applyPartialConversion(root, target, std::move(patterns));
}
