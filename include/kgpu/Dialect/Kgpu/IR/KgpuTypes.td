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
