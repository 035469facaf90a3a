//===- ClassFile.h - JVM class-file reader ----------------------*- C++ -*-===//
//
// The class-file reader of the JVM frontend: a bounds-checked parser of the
// JVM class-file format (JVMS chapter 4, every version up to Java 25, major
// 69) into a plain, owning ClassFile structure. Depends only on LLVM Support
// (so that the fuzzer needs no MLIR). Every read is checked; malformed input
// gives an llvm::Error naming the byte offset and what was expected, never a
// crash.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_CLASSFILE_H
#define KGPU_FRONTEND_JVM_CLASSFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kgpu::jvm {

//===----------------------------------------------------------------------===//
// Constant pool
//===----------------------------------------------------------------------===//

/// Constant-pool tags (JVMS 4.4). `Invalid` marks index 0 and the unusable
/// slot after a Long or Double.
enum class CpTag : uint8_t {
  Invalid = 0,
  Utf8 = 1,
  Integer = 3,
  Float = 4,
  Long = 5,
  Double = 6,
  Class = 7,
  String = 8,
  Fieldref = 9,
  Methodref = 10,
  InterfaceMethodref = 11,
  NameAndType = 12,
  MethodHandle = 15,
  MethodType = 16,
  Dynamic = 17,
  InvokeDynamic = 18,
  Module = 19,
  Package = 20,
};

/// The name of a tag ("Utf8", "Methodref", ...), for messages.
llvm::StringRef cpTagName(CpTag tag);

/// Method-handle reference kinds (JVMS 5.4.3.5).
enum class RefKind : uint8_t {
  GetField = 1,
  GetStatic = 2,
  PutField = 3,
  PutStatic = 4,
  InvokeVirtual = 5,
  InvokeStatic = 6,
  InvokeSpecial = 7,
  NewInvokeSpecial = 8,
  InvokeInterface = 9,
};

/// One constant-pool entry. Which members are meaningful depends on `tag`:
///   Utf8                 `utf8` (decoded from modified UTF-8 to UTF-8)
///   Integer, Float       `bits32` (the raw big-endian value)
///   Long, Double         `bits64`
///   Class, String, MethodType, Module, Package
///                        `index1`: the Utf8 entry (name / string / descriptor)
///   Fieldref, Methodref, InterfaceMethodref
///                        `index1`: Class, `index2`: NameAndType
///   NameAndType          `index1`: name, `index2`: descriptor (Utf8)
///   MethodHandle         `refKind`, `index1`: the referenced member
///   Dynamic, InvokeDynamic
///                        `index1`: BootstrapMethods index, `index2`:
///                        NameAndType
struct CpEntry {
  CpTag tag = CpTag::Invalid;
  /// Byte offset of the tag in the class file.
  uint32_t offset = 0;
  std::string utf8;
  uint32_t bits32 = 0;
  uint64_t bits64 = 0;
  uint16_t index1 = 0;
  uint16_t index2 = 0;
  uint8_t refKind = 0;

  int32_t getInt() const { return static_cast<int32_t>(bits32); }
  int64_t getLong() const { return static_cast<int64_t>(bits64); }
  float getFloat() const;
  double getDouble() const;
};

/// A resolved Fieldref / Methodref / InterfaceMethodref.
struct MemberRef {
  CpTag tag = CpTag::Invalid;
  /// Internal name of the owner class ("java/lang/Math"); for an array
  /// class, its descriptor ("[I").
  std::string className;
  std::string name;
  std::string descriptor;
};

/// A resolved MethodHandle entry.
struct MethodHandleRef {
  RefKind kind = RefKind::InvokeStatic;
  MemberRef member;
};

struct BootstrapMethod;

/// A resolved Dynamic or InvokeDynamic entry.
struct DynamicRef {
  CpTag tag = CpTag::Invalid;
  uint16_t bootstrapIndex = 0;
  /// The BootstrapMethods entry (never null for a parsed class).
  const BootstrapMethod *bootstrap = nullptr;
  std::string name;
  std::string descriptor;
};

//===----------------------------------------------------------------------===//
// Descriptors (JVMS 4.3)
//===----------------------------------------------------------------------===//

/// A field type, or a method's return type (`Void` only there).
struct FieldType {
  enum Kind : uint8_t {
    Byte,    // B
    Char,    // C
    Double,  // D
    Float,   // F
    Int,     // I
    Long,    // J
    Short,   // S
    Boolean, // Z
    Object,  // L<className>;
    Void,    // V (return type only)
  };
  Kind kind = Void;
  /// Array dimensions (0 for a non-array type; at most 255).
  unsigned arrayDims = 0;
  /// Internal class name for `Object` ("java/lang/Integer").
  std::string className;

  bool isArray() const { return arrayDims != 0; }
  bool isPrimitive() const { return arrayDims == 0 && kind != Object; }
  /// Local-variable / operand-stack slots: 2 for long and double, 0 for
  /// void, 1 otherwise.
  unsigned slots() const;
  /// The descriptor again ("[[F", "Ljava/lang/String;").
  std::string str() const;
  bool operator==(const FieldType &o) const {
    return kind == o.kind && arrayDims == o.arrayDims &&
           className == o.className;
  }
};

struct MethodDescriptor {
  std::vector<FieldType> params;
  FieldType returnType;
  /// Local slots the parameters take (without `this`).
  unsigned paramSlots() const;
};

llvm::Expected<FieldType> parseFieldDescriptor(llvm::StringRef desc);
/// `allowVoid` accepts "V" (a return type).
llvm::Expected<FieldType> parseFieldDescriptor(llvm::StringRef desc,
                                               bool allowVoid);
llvm::Expected<MethodDescriptor> parseMethodDescriptor(llvm::StringRef desc);

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// An attribute the reader does not decode, kept as raw bytes.
struct RawAttribute {
  std::string name;
  /// Byte offset of the attribute's info (after the 6-byte header).
  uint32_t offset = 0;
  std::vector<uint8_t> data;
};

struct Annotation;

/// An annotation element value (JVMS 4.7.16.1).
struct ElementValue {
  /// B C D F I J S Z s (constant), e (enum), c (class), @ (annotation),
  /// [ (array).
  char tag = 0;
  /// Constant: the constant-pool index of the value; class: the Utf8 index
  /// of the return descriptor; enum: the Utf8 index of the type name.
  uint16_t index = 0;
  /// Enum: the Utf8 index of the constant's simple name.
  uint16_t enumConstIndex = 0;
  /// '@': exactly one nested annotation.
  std::vector<Annotation> nested;
  /// '[': the elements.
  std::vector<ElementValue> elements;
};

struct ElementValuePair {
  std::string name;
  ElementValue value;
};

struct Annotation {
  /// The annotation's type as a field descriptor
  /// ("Luk/ac/manchester/tornado/api/annotations/Parallel;").
  std::string type;
  std::vector<ElementValuePair> elements;

  const ElementValue *find(llvm::StringRef name) const;
};

/// The type annotation target types (JVMS 4.7.20, table 4.7.20-A/B).
enum class TargetType : uint8_t {
  ClassTypeParameter = 0x00,
  MethodTypeParameter = 0x01,
  ClassExtends = 0x10,
  ClassTypeParameterBound = 0x11,
  MethodTypeParameterBound = 0x12,
  Field = 0x13,
  MethodReturn = 0x14,
  MethodReceiver = 0x15,
  MethodFormalParameter = 0x16,
  Throws = 0x17,
  LocalVariable = 0x40,
  ResourceVariable = 0x41,
  ExceptionParameter = 0x42,
  InstanceOf = 0x43,
  New = 0x44,
  ConstructorReference = 0x45,
  MethodReference = 0x46,
  Cast = 0x47,
  ConstructorInvocationTypeArgument = 0x48,
  MethodInvocationTypeArgument = 0x49,
  ConstructorReferenceTypeArgument = 0x4A,
  MethodReferenceTypeArgument = 0x4B,
};

/// One entry of a localvar_target table.
struct LocalVarTarget {
  uint16_t startPc = 0;
  uint16_t length = 0;
  uint16_t index = 0;
};

/// A type annotation (JVMS 4.7.20). The target_info members that apply to
/// `targetType` are set, the others are zero.
struct TypeAnnotation {
  TargetType targetType = TargetType::ClassTypeParameter;
  /// type_parameter_target / type_parameter_bound_target / formal parameter
  /// / type_argument_target's type_argument_index.
  uint8_t typeParameterIndex = 0;
  uint8_t boundIndex = 0;
  /// supertype_target, throws_target, catch_target (exception table index).
  uint16_t index16 = 0;
  /// offset_target / type_argument_target: the bytecode offset.
  uint16_t offset = 0;
  /// localvar_target (LocalVariable, ResourceVariable).
  std::vector<LocalVarTarget> localVars;
  /// type_path entries: (type_path_kind, type_argument_index).
  std::vector<std::pair<uint8_t, uint8_t>> typePath;
  Annotation annotation;
};

struct ExceptionTableEntry {
  uint16_t startPc = 0;
  uint16_t endPc = 0;
  uint16_t handlerPc = 0;
  /// 0: any exception (finally); else a Class entry.
  uint16_t catchType = 0;
};

struct LineNumberEntry {
  uint16_t startPc = 0;
  uint16_t line = 0;
};

/// An entry of LocalVariableTable (`descriptor` is a field descriptor) or of
/// LocalVariableTypeTable (`descriptor` is a generic signature).
struct LocalVariableEntry {
  uint16_t startPc = 0;
  uint16_t length = 0;
  std::string name;
  std::string descriptor;
  uint16_t index = 0;
};

/// A StackMapTable verification type (JVMS 4.7.4).
struct VerificationType {
  enum Tag : uint8_t {
    Top = 0,
    Integer = 1,
    Float = 2,
    Double = 3,
    Long = 4,
    Null = 5,
    UninitializedThis = 6,
    Object = 7,
    Uninitialized = 8,
  };
  Tag tag = Top;
  /// Object: the Class constant-pool index; Uninitialized: the offset of the
  /// `new` instruction.
  uint16_t value = 0;
};

/// A decoded StackMapTable frame.
struct StackMapFrame {
  enum Kind : uint8_t {
    Same,                    // 0-63
    SameLocals1StackItem,    // 64-127
    SameLocals1StackItemExt, // 247
    Chop,                    // 248-250
    SameExtended,            // 251
    Append,                  // 252-254
    Full,                    // 255
  };
  Kind kind = Same;
  /// The raw frame_type byte.
  uint8_t frameType = 0;
  uint16_t offsetDelta = 0;
  /// The bytecode offset the frame applies to (from the deltas).
  uint32_t pc = 0;
  /// Chop: how many locals are removed (1-3).
  unsigned chopped = 0;
  /// Append: the added locals; Full: all locals.
  std::vector<VerificationType> locals;
  /// SameLocals1StackItem(Ext): one item; Full: the stack.
  std::vector<VerificationType> stack;
};

struct BootstrapMethod {
  /// A MethodHandle entry.
  uint16_t methodRef = 0;
  /// Loadable constant-pool entries.
  std::vector<uint16_t> arguments;
};

struct CodeAttribute {
  uint16_t maxStack = 0;
  uint16_t maxLocals = 0;
  /// Byte offset of code[0] in the class file.
  uint32_t codeOffset = 0;
  std::vector<uint8_t> code;
  std::vector<ExceptionTableEntry> exceptionTable;
  std::vector<LineNumberEntry> lineNumbers;
  std::vector<LocalVariableEntry> localVariables;
  std::vector<LocalVariableEntry> localVariableTypes;
  std::vector<StackMapFrame> stackMap;
  std::vector<TypeAnnotation> visibleTypeAnnotations;
  std::vector<TypeAnnotation> invisibleTypeAnnotations;
  std::vector<RawAttribute> otherAttributes;
};

//===----------------------------------------------------------------------===//
// Members and the class
//===----------------------------------------------------------------------===//

/// Access flags (JVMS tables 4.1-B, 4.5-A, 4.6-A).
enum AccessFlags : uint16_t {
  AccPublic = 0x0001,
  AccPrivate = 0x0002,
  AccProtected = 0x0004,
  AccStatic = 0x0008,
  AccFinal = 0x0010,
  AccSuper = 0x0020,        // class
  AccSynchronized = 0x0020, // method
  AccVolatile = 0x0040,     // field
  AccBridge = 0x0040,       // method
  AccTransient = 0x0080,    // field
  AccVarargs = 0x0080,      // method
  AccNative = 0x0100,
  AccInterface = 0x0200,
  AccAbstract = 0x0400,
  AccStrict = 0x0800,
  AccSynthetic = 0x1000,
  AccAnnotation = 0x2000,
  AccEnum = 0x4000,
  AccModule = 0x8000,
};

/// What fields and methods share.
struct MemberInfo {
  uint16_t accessFlags = 0;
  std::string name;
  std::string descriptor;
  /// Byte offset of the member's access_flags in the class file.
  uint32_t offset = 0;
  /// The Signature attribute (generic signature), if any.
  std::optional<std::string> signature;
  std::vector<Annotation> visibleAnnotations;
  std::vector<Annotation> invisibleAnnotations;
  std::vector<TypeAnnotation> visibleTypeAnnotations;
  std::vector<TypeAnnotation> invisibleTypeAnnotations;
  std::vector<RawAttribute> otherAttributes;

  bool isStatic() const { return accessFlags & AccStatic; }
  bool isFinal() const { return accessFlags & AccFinal; }
  bool isSynthetic() const { return accessFlags & AccSynthetic; }
  /// A visible or invisible declaration annotation of this type
  /// (descriptor form, "Lpkg/Name;"), or null.
  const Annotation *findAnnotation(llvm::StringRef typeDescriptor) const;
};

struct FieldInfo : MemberInfo {
  /// The ConstantValue attribute: a loadable constant-pool index.
  std::optional<uint16_t> constantValueIndex;
};

/// A local-variable type annotation of a method, flattened: one per
/// localvar_target entry (how `@Parallel` on a loop variable is stored).
struct LocalVariableAnnotation {
  /// Field descriptor of the annotation type.
  std::string type;
  uint16_t startPc = 0;
  uint16_t length = 0;
  /// The local slot.
  uint16_t index = 0;
  bool visible = true;
};

struct MethodInfo : MemberInfo {
  std::optional<CodeAttribute> code;
  /// Exceptions attribute: Class constant-pool indices.
  std::vector<uint16_t> exceptions;
  /// RuntimeVisible/InvisibleParameterAnnotations: one list per parameter
  /// the attribute describes (javac may describe fewer than the descriptor
  /// has, see JVMS 4.7.18).
  std::vector<std::vector<Annotation>> visibleParameterAnnotations;
  std::vector<std::vector<Annotation>> invisibleParameterAnnotations;
  /// AnnotationDefault, kept raw.
  std::optional<RawAttribute> annotationDefault;
  /// MethodParameters (javac -parameters, kotlinc): each parameter's name,
  /// empty where the entry has none (name_index 0).
  std::vector<std::string> parameterNames;

  bool isAbstract() const { return accessFlags & AccAbstract; }
  bool isNative() const { return accessFlags & AccNative; }

  /// The source line of bytecode offset `pc` (LineNumberTable: the entry
  /// with the greatest start_pc <= pc), if known.
  std::optional<unsigned> getLine(uint32_t pc) const;
  /// The LocalVariableTable entry for `slot` live at `pc`
  /// (start_pc <= pc < start_pc + length), or null. Note that javac starts a
  /// variable's range after the store that initialises it.
  const LocalVariableEntry *findLocalVariable(unsigned slot, uint32_t pc) const;
  /// The LocalVariableTypeTable entry (generic signature) likewise.
  const LocalVariableEntry *findLocalVariableType(unsigned slot,
                                                  uint32_t pc) const;
  /// Every LocalVariableTable entry named `name` (a variable can have
  /// several ranges and slots), in table order.
  std::vector<const LocalVariableEntry *>
  findLocalVariablesByName(llvm::StringRef name) const;
  /// Every LOCAL_VARIABLE / RESOURCE_VARIABLE type annotation on the Code
  /// attribute, one entry per {start_pc, length, index}; only those of
  /// `typeDescriptor` unless it is empty. Visible ones first.
  std::vector<LocalVariableAnnotation>
  getLocalVariableAnnotations(llvm::StringRef typeDescriptor = {}) const;
  /// The declaration annotations of parameter `param` (0-based, without
  /// `this`), visible then invisible; empty if none.
  std::vector<const Annotation *> getParameterAnnotations(unsigned param) const;
  /// Whether parameter `param` carries an annotation of this type.
  bool hasParameterAnnotation(unsigned param,
                              llvm::StringRef typeDescriptor) const;
};

/// TornadoVM's annotations, in descriptor form.
inline constexpr llvm::StringLiteral kParallelAnnotation =
    "Luk/ac/manchester/tornado/api/annotations/Parallel;";
inline constexpr llvm::StringLiteral kReduceAnnotation =
    "Luk/ac/manchester/tornado/api/annotations/Reduce;";

struct ClassFile {
  uint16_t minorVersion = 0;
  uint16_t majorVersion = 0;
  /// Index 0 and the slot after each Long/Double are `CpTag::Invalid`.
  std::vector<CpEntry> constantPool;
  uint16_t accessFlags = 0;
  /// Internal names ("pkg/Outer$Inner"); superClass is empty only for
  /// java/lang/Object (and module-info).
  std::string thisClass;
  std::string superClass;
  std::vector<std::string> interfaces;
  std::vector<FieldInfo> fields;
  std::vector<MethodInfo> methods;
  std::optional<std::string> sourceFile;
  std::optional<std::string> signature;
  std::vector<Annotation> visibleAnnotations;
  std::vector<Annotation> invisibleAnnotations;
  std::vector<TypeAnnotation> visibleTypeAnnotations;
  std::vector<TypeAnnotation> invisibleTypeAnnotations;
  std::vector<BootstrapMethod> bootstrapMethods;
  std::vector<RawAttribute> otherAttributes;

  /// The entry at `index` if it has tag `tag`, else an error.
  llvm::Expected<const CpEntry &> getEntry(uint16_t index, CpTag tag) const;
  /// The entry at `index` whatever its tag (not Invalid), else an error.
  llvm::Expected<const CpEntry &> getEntry(uint16_t index) const;
  llvm::Expected<llvm::StringRef> getUtf8(uint16_t index) const;
  /// The name of a Class entry (internal form or an array descriptor).
  llvm::Expected<llvm::StringRef> getClassName(uint16_t index) const;
  /// Name and descriptor of a NameAndType entry.
  llvm::Expected<std::pair<llvm::StringRef, llvm::StringRef>>
  getNameAndType(uint16_t index) const;
  /// Resolves a Fieldref, Methodref or InterfaceMethodref.
  llvm::Expected<MemberRef> resolveMemberRef(uint16_t index) const;
  /// Resolves a MethodHandle entry to its kind and member.
  llvm::Expected<MethodHandleRef> resolveMethodHandle(uint16_t index) const;
  /// Resolves a Dynamic or InvokeDynamic entry (the operand of ldc of a
  /// dynamic constant, or of invokedynamic).
  llvm::Expected<DynamicRef> resolveDynamic(uint16_t index) const;
  /// The implementation methods of the lambdas and method references this
  /// class creates (`LambdaMetafactory.metafactory`/`altMetafactory`
  /// bootstrap methods: their second argument). This is how a host class's
  /// `taskGraph.task("t0", App::kernel, ...)` names its kernels.
  std::vector<MethodHandleRef> getLambdaImplementations() const;

  /// The first method with this name (and descriptor, unless empty).
  const MethodInfo *findMethod(llvm::StringRef name,
                               llvm::StringRef descriptor = {}) const;
  /// Every method of this name (overloads).
  std::vector<const MethodInfo *> findMethods(llvm::StringRef name) const;
  const FieldInfo *findField(llvm::StringRef name,
                             llvm::StringRef descriptor = {}) const;
  const Annotation *findAnnotation(llvm::StringRef typeDescriptor) const;

  /// The binary name ("pkg.Outer$Inner") of this class.
  std::string getBinaryName() const;
};

/// Parses a class file. `bufferName` names the input in error messages
/// ("Foo.class: offset 10: expected ...").
llvm::Expected<ClassFile> parseClassFile(llvm::ArrayRef<uint8_t> data,
                                         llvm::StringRef bufferName = "");
inline llvm::Expected<ClassFile>
parseClassFile(llvm::StringRef data, llvm::StringRef bufferName = "") {
  return parseClassFile(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()),
                              data.size()),
      bufferName);
}

/// Decodes modified UTF-8 (JVMS 4.4.7) to UTF-8: surrogate pairs become one
/// 4-byte sequence; a lone surrogate is kept in its 3-byte form.
llvm::Expected<std::string> decodeModifiedUtf8(llvm::ArrayRef<uint8_t> bytes);

/// The oldest and newest class-file major versions the reader accepts
/// (JDK 1.0.2 = 45 to Java 25 = 69).
inline constexpr uint16_t kMinMajorVersion = 45;
inline constexpr uint16_t kMaxMajorVersion = 69;

} // namespace kgpu::jvm

#endif // KGPU_FRONTEND_JVM_CLASSFILE_H
