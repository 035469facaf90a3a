//===- KgpuTypes.td - kgpu types and attributes ------------*- tablegen -*-===//

#ifndef KGPU_DIALECT_KGPUTYPES_TD
#define KGPU_DIALECT_KGPUTYPES_TD

include "kgpu/Dialect/Kgpu/IR/KgpuEnums.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Kgpu_MmaFragmentType : Kgpu_Type<"MmaFragment", "mma"> {
  let summary = "a tensor-core matrix fragment held by a subgroup";
  let description = [{
    The part of an `M×K` (role `a`), `K×N` (role `b`) or `M×N` (role `acc`)
    matrix tile that one subgroup holds in registers while it runs a
    tensor-core multiply-accumulate. How the elements are spread over the
    lanes is target-specific and opaque here.

    The shape and element type must be a combination some hardware has:

    | shape | `a`/`b` element | `acc` element |
    |---|---|---|
    | `m16n8k8` | f16, bf16 | f32 (f16 with f16 inputs) |
    | `m16n8k16` | f16, bf16, i8 | f32 (f16 with f16 inputs), i32 with i8 |
    | `m16n8k32` | i8 | i32 |
    | `m16n16k16`, `m32n8k16`, `m8n32k16` | f16, bf16, i8 | f32 (f16 with f16 inputs), i32 with i8 |

    Example:

    ```mlir
    !kgpu.mma<m16n16k16, a, f16>
    !kgpu.mma<m16n16k16, acc, f32>
    ```
  }];
  let parameters = (ins EnumParameter<Kgpu_MmaShape>:$shape,
                        EnumParameter<Kgpu_MmaRole>:$role,
                        "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $shape `,` $role `,` $elementType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// M, N and K of the shape.
    int64_t getM() const;
    int64_t getN() const;
    int64_t getK() const;
    /// Rows and columns of the matrix tile this fragment holds.
    std::pair<int64_t, int64_t> getTileShape() const;
    /// Whether `input` (an `a`/`b` element type) may accumulate into `acc`
    /// with `shape`.
    static bool isValidCombination(MmaShape shape, ::mlir::Type input,
                                   ::mlir::Type acc);
  }];
}

def Kgpu_WgmmaAccType : Kgpu_Type<"WgmmaAcc", "wgmma_acc"> {
  let summary = "a warp-group MMA accumulator (m64nNk16) held by a warp group";
  let description = [{
    The `64 × N` accumulator tile of a warp-group matrix multiply
    (`kgpu.wgmma`, PTX `wgmma.mma_async.m64nNk16`), held in the registers of
    the 128 work-items of a warp group (4 consecutive sub-groups of 32, the
    first of them a multiple of 4). `N` is 8 to 256 in steps of 8, as PTX
    allows; the element type is f32 (the inputs are f16 or bf16).

    On CUDA, work-item `t` of the warp group (w = t / 32, g = (t % 32) / 4,
    q = t % 4) holds the `N / 2` elements `i = 0 .. N/2 - 1` at

        row    = 16 w + g + 8 ((i >> 1) & 1)
        column = 8 (i >> 2) + 2 q + (i & 1)

    (PTX's "WGMMA .m64nNk16 register fragment" layout of D). On the CPU
    every work-item holds the whole tile.

    ```mlir
    !kgpu.wgmma_acc<m64n128k16, f32>
    ```
  }];
  let parameters = (ins "unsigned":$n, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kM = 64;
    static constexpr int64_t kK = 16;
    /// The number of accumulator elements each of the 128 work-items holds
    /// on CUDA.
    int64_t getElementsPerWorkItem() const { return kM * getN() / 128; }
  }];
}

def Kgpu_ArgAttr : Kgpu_Attr<"Arg", "arg"> {
  let summary = "how a kernel argument is passed and used";
  let description = [{
    Attached to every argument of a `kgpu.kernel` function as `kgpu.arg`:
    `buffer` arguments are memrefs in global memory, `scalar` arguments are
    integers or floats passed by value. The access says whether the kernel
    reads, writes or does both; scalars are always `read`.

    ```mlir
    func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                     %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                     %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
        attributes {kgpu.kernel}
    ```
  }];
  let parameters = (ins EnumParameter<Kgpu_ArgKind>:$kind,
                        EnumParameter<Kgpu_Access>:$access);
  let assemblyFormat = "`<` $kind `,` $access `>`";
}

#endif // KGPU_DIALECT_KGPUTYPES_TD
