//===- Manifest.cpp - the bundle manifest of a kgpu module ------*- C++ -*-===//

#include "kgpu/Target/Bundle/Manifest.h"

#include "kgpu/ABI/Manifest.h"
#include "kgpu/Bundle/Bundle.h"
#include "kgpu/Conversion/KgpuToNVVM/SharedMemory.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <cmath>

using namespace mlir;
using namespace mlir::kgpu;

static std::string typeName(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

static int64_t localBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return 0;
  return type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
}

/// Work-group memory of an outlined kernel: attributions plus allocations
/// in memory space 3.
static int64_t localMemoryOf(gpu::GPUFuncOp func) {
  int64_t bytes = 0;
  for (BlockArgument arg : func.getWorkgroupAttributions())
    bytes += localBytes(cast<MemRefType>(arg.getType()));
  func.walk([&](memref::AllocOp alloc) {
    if (isLocalMemRef(alloc.getType()))
      bytes += localBytes(alloc.getType());
  });
  return bytes;
}

static llvm::json::Object describeKernel(func::FuncOp kernel,
                                         gpu::GPUFuncOp outlined,
                                         ArrayRef<std::string> targets) {
  llvm::json::Object k;
  k[KGPU_MANIFEST_NAME] = kernel.getName().str();
  if (auto loc = dyn_cast<FileLineColLoc>(kernel.getLoc()))
    k[KGPU_MANIFEST_LOCATION] =
        llvm::json::Object{{KGPU_MANIFEST_FILE, loc.getFilename().str()},
                           {KGPU_MANIFEST_LINE, loc.getLine()},
                           {KGPU_MANIFEST_COLUMN, loc.getColumn()}};

  llvm::json::Array params;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
    Type type = kernel.getArgument(i).getType();
    ArgAttr arg = getArgAttr(kernel, i);
    llvm::json::Object p{{KGPU_MANIFEST_INDEX, i},
                         {KGPU_MANIFEST_NAME, getArgName(kernel, i)}};
    if (auto memref = dyn_cast<MemRefType>(type)) {
      p[KGPU_MANIFEST_KIND] = KGPU_MANIFEST_KIND_BUFFER;
      p[KGPU_MANIFEST_TYPE] = typeName(memref.getElementType());
      llvm::json::Array shape;
      for (int64_t d : memref.getShape())
        shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
      p[KGPU_MANIFEST_SHAPE] = std::move(shape);
    } else {
      p[KGPU_MANIFEST_KIND] = KGPU_MANIFEST_KIND_SCALAR;
      p[KGPU_MANIFEST_TYPE] = typeName(type);
    }
    p[KGPU_MANIFEST_ACCESS] = arg ? stringifyAccess(arg.getAccess()).str()
                                  : KGPU_MANIFEST_ACCESS_READ;
    // Hidden parameters (kgpu-check-bounds), which the runtime fills in.
    if (std::optional<unsigned> of = getSizeOfArg(kernel, i)) {
      p[KGPU_MANIFEST_HIDDEN] = KGPU_MANIFEST_HIDDEN_SIZE_OF;
      p[KGPU_MANIFEST_OF] = *of;
    } else if (isBoundsStatusArg(kernel, i)) {
      p[KGPU_MANIFEST_HIDDEN] = KGPU_MANIFEST_HIDDEN_BOUNDS_STATUS;
    }
    params.push_back(std::move(p));
  }
  k[KGPU_MANIFEST_PARAMS] = std::move(params);
  if (ArrayAttr sites = getBoundsSites(kernel)) {
    llvm::json::Array list;
    for (Attribute a : sites) {
      auto site = cast<DictionaryAttr>(a);
      std::string where;
      Location loc = cast<LocationAttr>(site.get("loc"));
      // The innermost file location (call sites and fused locations keep
      // the access's own position first).
      loc->walk([&](Location l) {
        if (auto file = dyn_cast<FileLineColLoc>(l)) {
          where =
              (file.getFilename().str() + ":" + std::to_string(file.getLine()) +
               ":" + std::to_string(file.getColumn()));
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      list.push_back(llvm::json::Object{
          {KGPU_MANIFEST_WHAT, cast<StringAttr>(site.get("what")).str()},
          {KGPU_MANIFEST_LOC, where.empty() ? "unknown location" : where}});
    }
    k[KGPU_MANIFEST_BOUNDS_CHECK] =
        llvm::json::Object{{KGPU_MANIFEST_SITES, std::move(list)}};
  }

  // Launch model: parallel loops distribute over any grid.
  bool parallelLoop = false;
  unsigned dims = 1;
  kernel.walk([&](ParallelForOp loop) {
    parallelLoop = true;
    dims = std::max(dims, loop.getNumDims());
  });
  std::array<int32_t, 3> wg = getKernelWorkgroupSize(kernel);
  if (!parallelLoop)
    dims = wg[2] > 1 ? 3 : wg[1] > 1 ? 2 : 1;
  k[KGPU_MANIFEST_LAUNCH] = llvm::json::Object{
      {KGPU_MANIFEST_MODEL, parallelLoop ? KGPU_MANIFEST_MODEL_PARALLEL_LOOP
                                         : KGPU_MANIFEST_MODEL_NDRANGE},
      {KGPU_MANIFEST_DIMS, dims},
      {KGPU_MANIFEST_NOTE, parallelLoop
                               ? "grid-stride loops: any grid is correct"
                               : "the caller gives the grid"}};
  // Kernelin-style launches (the Kotlin IR frontend): the parameters that
  // carry the dispatch size.
  if (auto params = kernel->getAttrOfType<ArrayAttr>(
          "kgpu.dispatch_params")) {
    llvm::json::Array names;
    for (Attribute a : params)
      if (auto name = dyn_cast<StringAttr>(a))
        names.push_back(name.str());
    (*k.getObject(KGPU_MANIFEST_LAUNCH))[KGPU_MANIFEST_DISPATCH_PARAMS] =
        std::move(names);
  }
  // The fixed size, or the default of a kernel that accepts any size.
  k[KGPU_MANIFEST_WORKGROUP_SIZE] = llvm::json::Array{wg[0], wg[1], wg[2]};
  k[KGPU_MANIFEST_WORKGROUP_SIZE_FIXED] = isKernelWorkgroupSizeFixed(kernel);
  k[KGPU_MANIFEST_LOCAL_MEMORY_BYTES] = outlined ? localMemoryOf(outlined) : 0;
  // CUDA: local arrays beyond static shared memory are dynamic shared
  // memory, which the launch must pass (the layout of
  // kgpu-nvvm-attribute-local-memory).
  if (outlined && llvm::is_contained(targets, KGPU_MANIFEST_TARGET_CUDA)) {
    int64_t dynamicBytes = getCUDASharedMemoryLayout(outlined).dynamicBytes;
    if (dynamicBytes > 0)
      k[KGPU_MANIFEST_CUDA] = llvm::json::Object{
          {KGPU_MANIFEST_DYNAMIC_SHARED_MEMORY_BYTES, dynamicBytes}};
  }

  // Reductions into outputs and how their partials combine.
  llvm::json::Array reductions;
  kernel.walk([&](ReduceOp r) {
    llvm::json::Object red{
        {KGPU_MANIFEST_OPERATOR, stringifyReductionKind(r.getKind())},
        {KGPU_MANIFEST_TYPE, typeName(r.getValue().getType())}};
    if (auto arg = dyn_cast<BlockArgument>(r.getOutput())) {
      red[KGPU_MANIFEST_PARAM] = arg.getArgNumber();
      // The initial value the kernel gives the reduced element (the JVM
      // frontend's kgpu.reduce_init: TornadoVM's `result[0] = 0.0f;`).
      std::optional<int64_t> element;
      if (r.getIndices().size() == 1)
        element = getConstantIntValue(r.getIndices().front());
      auto inits = kernel.getArgAttrOfType<ArrayAttr>(arg.getArgNumber(),
                                                      kReduceInitAttrName);
      for (Attribute a : inits ? inits.getValue() : ArrayRef<Attribute>()) {
        auto pair = dyn_cast<ArrayAttr>(a);
        if (!element || !pair || pair.size() != 2 ||
            cast<IntegerAttr>(pair[0]).getInt() != *element)
          continue;
        red[KGPU_MANIFEST_ELEMENT] = *element;
        if (auto f = dyn_cast<FloatAttr>(pair[1])) {
          double v = f.getValueAsDouble();
          red[KGPU_MANIFEST_INIT] =
              std::isnan(v)   ? llvm::json::Value("nan")
              : std::isinf(v) ? llvm::json::Value(v < 0 ? "-inf" : "inf")
                              : llvm::json::Value(v);
        } else if (auto i = dyn_cast<IntegerAttr>(pair[1])) {
          red[KGPU_MANIFEST_INIT] = i.getValue().getSExtValue();
        }
      }
    }
    bool fixed = llvm::all_of(r.getIndices(), [&](Value v) {
      return !r->getParentOfType<ParallelForOp>()->isAncestor(
          v.getParentRegion()->getParentOp());
    });
    red[KGPU_MANIFEST_COMBINE] =
        fixed ? "per-work-item partial, work-group tree reduction, one atomic "
                "per work-group into the output (which keeps its previous "
                "value as the first operand)"
              : "one atomic per contribution";
    reductions.push_back(std::move(red));
  });
  k[KGPU_MANIFEST_REDUCTIONS] = std::move(reductions);

  bool subgroups = false;
  kernel.walk([&](Operation *op) {
    if (isa<ShuffleOp, SubgroupReduceOp, LaneIdOp, SubgroupSizeOp, SubgroupIdOp,
            NumSubgroupsOp, GroupReduceOp, MmaFillOp>(op))
      subgroups = true;
  });
  k[KGPU_MANIFEST_SUBGROUPS] = llvm::json::Object{
      {KGPU_MANIFEST_USED, subgroups},
      {KGPU_MANIFEST_ASSUMED_SIZE, nullptr},
      {KGPU_MANIFEST_NOTE, "kernels read the subgroup size at run time"}};
  llvm::json::Array t;
  for (const std::string &target : targets)
    t.push_back(target);
  k[KGPU_MANIFEST_TARGETS] = std::move(t);
  return k;
}

llvm::json::Object
mlir::kgpu::buildManifest(ModuleOp kgpuLevel, ModuleOp gpuForm,
                          StringRef sourceFile, StringRef language,
                          ArrayRef<std::string> targets,
                          const llvm::StringMap<llvm::json::Object> &vulkan,
                          unsigned cpuSubgroupSize) {
  llvm::json::Array kernels;
  for (auto func : kgpuLevel.getOps<func::FuncOp>()) {
    if (!isKernel(func))
      continue;
    gpu::GPUFuncOp outlined;
    gpuForm.walk([&](gpu::GPUFuncOp f) {
      if (f.getName() == func.getName())
        outlined = f;
    });
    llvm::json::Object k = describeKernel(func, outlined, targets);
    auto abi = vulkan.find(func.getName());
    if (abi != vulkan.end())
      k[KGPU_MANIFEST_VULKAN] = llvm::json::Object(abi->second);
    kernels.push_back(std::move(k));
  }
  llvm::json::Object manifest{
      {KGPU_MANIFEST_FORMAT, KGPU_MANIFEST_FORMAT_NAME},
      {KGPU_MANIFEST_VERSION,
       static_cast<int64_t>(::kgpu::bundle::kFormatVersion)},
      {KGPU_MANIFEST_SOURCE,
       llvm::json::Object{{KGPU_MANIFEST_FILE, sourceFile.str()},
                          {KGPU_MANIFEST_LANGUAGE, language.str()}}},
      {KGPU_MANIFEST_KERNELS, std::move(kernels)}};
  // The ABI of the CPU payload: the subgroup size its code emulates.
  if (llvm::is_contained(targets, KGPU_MANIFEST_TARGET_CPU))
    manifest[KGPU_MANIFEST_CPU] = llvm::json::Object{
        {KGPU_MANIFEST_SUBGROUP_SIZE, static_cast<int64_t>(cpuSubgroupSize)}};
  return manifest;
}
