//===- KgpuEnums.td - kgpu dialect enums -------------------*- tablegen -*-===//

#ifndef KGPU_DIALECT_KGPUENUMS_TD
#define KGPU_DIALECT_KGPUENUMS_TD

include "kgpu/Dialect/Kgpu/IR/KgpuBase.td"

class Kgpu_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::kgpu";
  let genSpecializedAttr = 0;
}

def Kgpu_Dimension : Kgpu_I32Enum<"Dimension", "a dimension: x, y or z", [
  I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>
]>;
def Kgpu_DimensionAttr : EnumAttr<Kgpu_Dialect, Kgpu_Dimension, "dim">;

def Kgpu_ReductionKind : Kgpu_I32Enum<"ReductionKind",
    "a reduction operator", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Mul", 1, "mul">,
  I32EnumAttrCase<"Min", 2, "min">,
  I32EnumAttrCase<"Max", 3, "max">,
  I32EnumAttrCase<"UMin", 4, "umin">,
  I32EnumAttrCase<"UMax", 5, "umax">,
  I32EnumAttrCase<"And", 6, "and">,
  I32EnumAttrCase<"Or", 7, "or">,
  I32EnumAttrCase<"Xor", 8, "xor">
]>;
def Kgpu_ReductionKindAttr
    : EnumAttr<Kgpu_Dialect, Kgpu_ReductionKind, "reduction">;

def Kgpu_AtomicKind : Kgpu_I32Enum<"AtomicKind",
    "an atomic read-modify-write operator", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Sub", 1, "sub">,
  I32EnumAttrCase<"Min", 2, "min">,
  I32EnumAttrCase<"Max", 3, "max">,
  I32EnumAttrCase<"UMin", 4, "umin">,
  I32EnumAttrCase<"UMax", 5, "umax">,
  I32EnumAttrCase<"And", 6, "and">,
  I32EnumAttrCase<"Or", 7, "or">,
  I32EnumAttrCase<"Xor", 8, "xor">,
  I32EnumAttrCase<"Xchg", 9, "xchg">
]>;
def Kgpu_AtomicKindAttr : EnumAttr<Kgpu_Dialect, Kgpu_AtomicKind, "atomic">;

def Kgpu_ShuffleMode : Kgpu_I32Enum<"ShuffleMode",
    "how a subgroup shuffle picks its source lane", [
  I32EnumAttrCase<"Down", 0, "down">,
  I32EnumAttrCase<"Up", 1, "up">,
  I32EnumAttrCase<"Xor", 2, "xor">,
  I32EnumAttrCase<"Idx", 3, "idx">
]>;
def Kgpu_ShuffleModeAttr
    : EnumAttr<Kgpu_Dialect, Kgpu_ShuffleMode, "shuffle">;

def Kgpu_MemFence : Kgpu_I32Enum<"MemFence",
    "the memory a work-group barrier makes visible", [
  I32EnumAttrCase<"Local", 0, "local">,
  I32EnumAttrCase<"Global", 1, "global">,
  I32EnumAttrCase<"All", 2, "all">
]>;
def Kgpu_MemFenceAttr : EnumAttr<Kgpu_Dialect, Kgpu_MemFence, "fence">;

def Kgpu_ShiftKind : Kgpu_I32Enum<"ShiftKind", "a shift direction", [
  I32EnumAttrCase<"Shl", 0, "shl">,
  I32EnumAttrCase<"ShrS", 1, "shrs">,
  I32EnumAttrCase<"ShrU", 2, "shru">
]>;
def Kgpu_ShiftKindAttr : EnumAttr<Kgpu_Dialect, Kgpu_ShiftKind, "shift">;

def Kgpu_ArgKind : Kgpu_I32Enum<"ArgKind", "how a kernel argument is passed", [
  I32EnumAttrCase<"Buffer", 0, "buffer">,
  I32EnumAttrCase<"Scalar", 1, "scalar">
]>;

def Kgpu_Access : Kgpu_I32Enum<"Access", "how a kernel uses an argument", [
  I32EnumAttrCase<"Read", 0, "read">,
  I32EnumAttrCase<"Write", 1, "write">,
  I32EnumAttrCase<"ReadWrite", 2, "read_write">
]>;

def Kgpu_MmaShape : Kgpu_I32Enum<"MmaShape", "a tensor-core MMA shape", [
  I32EnumAttrCase<"m16n8k8", 0>,
  I32EnumAttrCase<"m16n8k16", 1>,
  I32EnumAttrCase<"m16n8k32", 2>,
  I32EnumAttrCase<"m16n16k16", 3>,
  I32EnumAttrCase<"m32n8k16", 4>,
  I32EnumAttrCase<"m8n32k16", 5>
]>;

def Kgpu_MmaRole : Kgpu_I32Enum<"MmaRole",
    "the operand role of an MMA fragment", [
  I32EnumAttrCase<"A", 0, "a">,
  I32EnumAttrCase<"B", 1, "b">,
  I32EnumAttrCase<"Acc", 2, "acc">
]>;

#endif // KGPU_DIALECT_KGPUENUMS_TD
