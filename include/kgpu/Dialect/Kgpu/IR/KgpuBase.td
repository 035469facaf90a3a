//===- KgpuBase.td - kgpu dialect definition ---------------*- tablegen -*-===//
//
// The kgpu dialect: the common form of GPU compute kernels from every kgpu
// frontend (kgc, JVM bytecode, Kotlin IR), before lowering to gpu/nvvm/spirv
// and to the CPU.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_KGPUBASE_TD
#define KGPU_DIALECT_KGPUBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Kgpu_Dialect : Dialect {
  let name = "kgpu";
  let cppNamespace = "::mlir::kgpu";
  let summary = "GPU compute kernels as written by kgpu's frontends";
  let description = [{
    The `kgpu` dialect holds what GPU kernel languages share and what upstream
    MLIR's `gpu` dialect does not express at the source level: work-item ids
    per dimension, data-parallel loops with reductions into an output buffer,
    work-group barriers with an explicit memory fence, work-group (local)
    memory allocation, atomics on global and local memory, subgroup shuffles
    and reductions, tensor-core matrix fragments, and the exact-semantics
    operations that JVM and Kotlin kernels need (saturating float to int
    conversion, Java's `Math.min`/`Math.max`, integer division with a defined
    result for a zero divisor, masked shift counts).

    Everything else in a kernel body is upstream `arith`, `math`, `scf`, `cf`,
    `memref` and `func`.

    A kernel is a `func.func` carrying the unit attribute `kgpu.kernel`; each
    of its arguments carries `kgpu.arg = #kgpu.arg<kind, access>`. Helper
    functions callable from kernels carry `kgpu.device`.

    Work-group sizes: a kernel may *fix* its work-group size with
    `kgpu.workgroup_size = array<i32: x, y, z>` (kgc's
    `reqd_work_group_size`, `kgpu-translate --workgroup-size`); it is then
    compiled for that size only (CUDA `.reqntid`, SPIR-V `LocalSize`, CPU
    loops with constant bounds) and launches must use it. A kernel without
    it accepts any work-group size at launch, up to the device's limits and
    1024 work-items: every target reads the size at run time (CUDA
    `%ntid`, SPIR-V specialization constants, CPU launch arguments), and
    local scratch memory is sized for 1024 work-items. Such a kernel may
    carry `kgpu.default_workgroup_size = array<i32: x, y, z>`, the size a
    launch that gives none uses (kgpu-lower-parallel-loops and
    convert-kgpu-to-gpu record it); without it the default is 256x1x1,
    16x16x1 or 8x8x4 by the highest dimension the kernel's ids use. A
    kernel cannot carry both attributes.

    Address spaces are memref memory spaces that both the NVVM and the SPIR-V
    lowerings accept: global memory is the default memory space (no
    attribute), work-group (local) memory is the integer memory space `3`,
    and private memory is a `memref.alloca` in the default memory space.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  // Folders of the exact-semantics ops give arith.constant results.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Registers the types (defined in KgpuTypes.cpp).
    void registerTypes();

    /// Unit attribute marking a function as a kernel entry point.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return "kgpu.kernel";
    }
    /// Unit attribute marking a helper function callable from kernels.
    static constexpr ::llvm::StringLiteral getDeviceAttrName() {
      return "kgpu.device";
    }
    /// `array<i32>` attribute: the fixed work-group size of a kernel (launches
    /// must use it).
    static constexpr ::llvm::StringLiteral getWorkgroupSizeAttrName() {
      return "kgpu.workgroup_size";
    }
    /// `array<i32>` attribute: the default work-group size of a kernel that
    /// does not fix one (the size used when a launch gives none).
    static constexpr ::llvm::StringLiteral getDefaultWorkgroupSizeAttrName() {
      return "kgpu.default_workgroup_size";
    }
    /// The most work-items per work-group of any kgpu kernel.
    static constexpr int64_t kMaxWorkgroupItems = 1024;
    /// `#kgpu.arg<kind, access>` on each kernel argument.
    static constexpr ::llvm::StringLiteral getArgAttrName() {
      return "kgpu.arg";
    }
    /// The source name of a kernel argument (a string), for launches by
    /// name and the bundle manifest.
    static constexpr ::llvm::StringLiteral getArgNameAttrName() {
      return "kgpu.name";
    }
    /// Array of `#kgpu.arg` on an outlined `gpu.func` kernel (one per
    /// argument), carrying what `kgpu.arg` said on the kernel's arguments.
    static constexpr ::llvm::StringLiteral getArgsAttrName() {
      return "kgpu.args";
    }
    /// On a hidden i64 scalar parameter (kgpu-check-bounds): the element
    /// count of buffer parameter N, which the runtime fills in.
    static constexpr ::llvm::StringLiteral getSizeOfAttrName() {
      return "kgpu.size_of";
    }
    /// On the hidden status buffer of a bounds-checked kernel.
    static constexpr ::llvm::StringLiteral getBoundsStatusAttrName() {
      return "kgpu.bounds_status";
    }
    /// On a bounds-checked kernel: its checked accesses, in site order, as
    /// dictionaries {what = "buffer 'x'", loc = <location>}.
    static constexpr ::llvm::StringLiteral getBoundsSitesAttrName() {
      return "kgpu.bounds_sites";
    }
    /// The memref memory space of work-group (local) memory.
    static constexpr unsigned kLocalMemorySpace = 3;
  }];
}

class Kgpu_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kgpu_Dialect, mnemonic, traits>;

class Kgpu_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Kgpu_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class Kgpu_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Kgpu_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // KGPU_DIALECT_KGPUBASE_TD
