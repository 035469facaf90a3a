//===- CrossCompile.cpp - SPIR-V to GLSL/MSL/HLSL with SPIRV-Cross --------===//
//
// Uses the SPIRV-Cross C API (libspirv-cross-c-shared), in-process.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/SPIRV/SPIRVTarget.h"

#include "llvm/ADT/STLExtras.h"

#include <spirv_cross/spirv_cross_c.h>

#include <algorithm>

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// Owns a SPIRV-Cross context; everything allocated from it dies with it.
class CrossContext {
public:
  CrossContext() { spvc_context_create(&context); }
  ~CrossContext() {
    if (context)
      spvc_context_destroy(context);
  }
  CrossContext(const CrossContext &) = delete;
  CrossContext &operator=(const CrossContext &) = delete;

  spvc_context get() const { return context; }

private:
  spvc_context context = nullptr;
};

spvc_backend getBackend(ShadingLanguage lang) {
  switch (lang) {
  case ShadingLanguage::GLSL:
    return SPVC_BACKEND_GLSL;
  case ShadingLanguage::MSL:
    return SPVC_BACKEND_MSL;
  case ShadingLanguage::HLSL:
    return SPVC_BACKEND_HLSL;
  }
  llvm_unreachable("unknown shading language");
}

} // namespace

FailureOr<std::string> mlir::kgpu::crossCompile(ArrayRef<uint32_t> words,
                                                StringRef entryPoint,
                                                ShadingLanguage lang,
                                                std::string &error) {
  CrossContext context;
  if (!context.get()) {
    error = "cannot create a SPIRV-Cross context";
    return failure();
  }
  std::string crossError;
  spvc_context_set_error_callback(
      context.get(),
      [](void *userData, const char *message) {
        *static_cast<std::string *>(userData) = message;
      },
      &crossError);
  auto fail = [&](StringRef what) -> FailureOr<std::string> {
    error = (what + (crossError.empty() ? "" : ": ") + crossError).str();
    return failure();
  };

  spvc_parsed_ir ir = nullptr;
  if (spvc_context_parse_spirv(context.get(), words.data(), words.size(),
                               &ir) != SPVC_SUCCESS)
    return fail("cannot parse the SPIR-V binary");
  spvc_compiler compiler = nullptr;
  if (spvc_context_create_compiler(context.get(), getBackend(lang), ir,
                                   SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                   &compiler) != SPVC_SUCCESS)
    return fail("cannot create the SPIRV-Cross compiler");
  // spvc_compiler_set_entry_point lets a C++ exception escape for an unknown
  // entry point (SPIRV-Cross 2021), so look it up first.
  const spvc_entry_point *entryPoints = nullptr;
  size_t numEntryPoints = 0;
  if (spvc_compiler_get_entry_points(compiler, &entryPoints, &numEntryPoints) !=
      SPVC_SUCCESS)
    return fail("cannot list the entry points");
  bool found =
      llvm::any_of(llvm::ArrayRef(entryPoints, numEntryPoints),
                   [&](const spvc_entry_point &e) {
                     return e.execution_model == SpvExecutionModelGLCompute &&
                            entryPoint == e.name;
                   });
  if (!found)
    return fail(("no compute entry point '" + entryPoint + "'").str());
  std::string entry = entryPoint.str();
  if (spvc_compiler_set_entry_point(compiler, entry.c_str(),
                                    SpvExecutionModelGLCompute) != SPVC_SUCCESS)
    return fail(("cannot select the entry point '" + entryPoint + "'").str());

  const SpvCapability *caps = nullptr;
  size_t numCaps = 0;
  if (spvc_compiler_get_declared_capabilities(compiler, &caps, &numCaps) !=
      SPVC_SUCCESS)
    return fail("cannot list the capabilities");
  auto declares = [&](SpvCapability cap) {
    return llvm::is_contained(llvm::ArrayRef(caps, numCaps), cap);
  };
  bool int64 = declares(SpvCapabilityInt64);
  bool wide = int64 || declares(SpvCapabilityFloat64) ||
              declares(SpvCapabilityFloat16) || declares(SpvCapabilityInt16);

  spvc_compiler_options options = nullptr;
  if (spvc_compiler_create_compiler_options(compiler, &options) != SPVC_SUCCESS)
    return fail("cannot create the SPIRV-Cross options");
  switch (lang) {
  case ShadingLanguage::GLSL:
    spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION,
                                   450);
    spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES,
                                   SPVC_FALSE);
    // Subgroup operations exist in GLSL only with Vulkan semantics.
    spvc_compiler_options_set_bool(
        options, SPVC_COMPILER_OPTION_GLSL_VULKAN_SEMANTICS, SPVC_TRUE);
    if (declares(SpvCapabilityInt64Atomics))
      spvc_compiler_require_extension(compiler, "GL_EXT_shader_atomic_int64");
    // Subgroup arithmetic on 64-bit integers (Vulkan: the
    // shaderSubgroupExtendedTypes feature).
    if (int64 && declares(SpvCapabilityGroupNonUniformArithmetic))
      spvc_compiler_require_extension(
          compiler, "GL_EXT_shader_subgroup_extended_types_int64");
    break;
  case ShadingLanguage::MSL: {
    // [[buffer(i)]] for binding i, even when earlier arguments are unused
    // (SPIRV-Cross would otherwise number the used buffers consecutively).
    spvc_resources resources = nullptr;
    const spvc_reflected_resource *buffers = nullptr;
    size_t numBuffers = 0;
    if (spvc_compiler_create_shader_resources(compiler, &resources) !=
            SPVC_SUCCESS ||
        spvc_resources_get_resource_list_for_type(
            resources, SPVC_RESOURCE_TYPE_STORAGE_BUFFER, &buffers,
            &numBuffers) != SPVC_SUCCESS)
      return fail("cannot list the storage buffers");
    // The push-constant block (the scalar arguments) follows the buffers:
    // [[buffer(B)]], B one past the highest binding, like the storage
    // buffer that holds the scalars when they do not fit push constants.
    uint32_t next = 0;
    for (const spvc_reflected_resource &buffer :
         llvm::ArrayRef(buffers, numBuffers))
      next = std::max(next, spvc_compiler_get_decoration(compiler, buffer.id,
                                                         SpvDecorationBinding) +
                                1);
    spvc_msl_resource_binding pushConstants;
    spvc_msl_resource_binding_init(&pushConstants);
    pushConstants.stage = SpvExecutionModelGLCompute;
    pushConstants.desc_set = SPVC_MSL_PUSH_CONSTANT_DESC_SET;
    pushConstants.binding = SPVC_MSL_PUSH_CONSTANT_BINDING;
    pushConstants.msl_buffer = next;
    if (spvc_compiler_msl_add_resource_binding(compiler, &pushConstants) !=
        SPVC_SUCCESS)
      return fail("cannot bind the MSL push constants");
    for (const spvc_reflected_resource &buffer :
         llvm::ArrayRef(buffers, numBuffers)) {
      spvc_msl_resource_binding binding;
      spvc_msl_resource_binding_init(&binding);
      binding.stage = SpvExecutionModelGLCompute;
      binding.desc_set = spvc_compiler_get_decoration(
          compiler, buffer.id, SpvDecorationDescriptorSet);
      binding.binding = spvc_compiler_get_decoration(compiler, buffer.id,
                                                     SpvDecorationBinding);
      binding.msl_buffer = binding.binding;
      if (spvc_compiler_msl_add_resource_binding(compiler, &binding) !=
          SPVC_SUCCESS)
        return fail("cannot bind the MSL buffers");
    }
    // MSL 2.1; 64-bit integers in buffers need 2.3. (Metal has no doubles:
    // SPIRV-Cross rejects Float64 kernels.)
    spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_MSL_VERSION,
                                   int64 ? SPVC_MAKE_MSL_VERSION(2, 3, 0)
                                         : SPVC_MAKE_MSL_VERSION(2, 1, 0));
    break;
  }
  case ShadingLanguage::HLSL: {
    // Shader model 6.0 (wave operations); 6.2 with native 16-bit types when
    // buffers hold types other than 32-bit ones.
    spvc_compiler_options_set_uint(
        options, SPVC_COMPILER_OPTION_HLSL_SHADER_MODEL, wide ? 62 : 60);
    if (wide)
      spvc_compiler_options_set_bool(
          options, SPVC_COMPILER_OPTION_HLSL_ENABLE_16BIT_TYPES, SPVC_TRUE);
    // The push-constant block (the scalar arguments): a constant buffer at
    // register(b0, space0).
    spvc_hlsl_resource_binding pushConstants;
    spvc_hlsl_resource_binding_init(&pushConstants);
    pushConstants.stage = SpvExecutionModelGLCompute;
    pushConstants.desc_set = SPVC_HLSL_PUSH_CONSTANT_DESC_SET;
    pushConstants.binding = SPVC_HLSL_PUSH_CONSTANT_BINDING;
    pushConstants.cbv.register_space = 0;
    pushConstants.cbv.register_binding = 0;
    if (spvc_compiler_hlsl_add_resource_binding(compiler, &pushConstants) !=
        SPVC_SUCCESS)
      return fail("cannot bind the HLSL push constants");
    // HLSL has no work-group count builtin: SPIRV-Cross reads it from a
    // constant buffer, placed at register(b0, space1) (docs/codegen.md).
    spvc_variable_id numWorkgroups =
        spvc_compiler_hlsl_remap_num_workgroups_builtin(compiler);
    if (numWorkgroups) {
      spvc_compiler_set_decoration(compiler, numWorkgroups,
                                   SpvDecorationDescriptorSet, 1);
      spvc_compiler_set_decoration(compiler, numWorkgroups,
                                   SpvDecorationBinding, 0);
    }
    break;
  }
  }
  if (spvc_compiler_install_compiler_options(compiler, options) != SPVC_SUCCESS)
    return fail("cannot set the SPIRV-Cross options");

  const char *source = nullptr;
  if (spvc_compiler_compile(compiler, &source) != SPVC_SUCCESS || !source)
    return fail("SPIRV-Cross cannot translate the kernel");
  std::string text(source);
  if (lang == ShadingLanguage::GLSL && int64) {
    // SPIRV-Cross 2021 guards 64-bit integers with GL_ARB_gpu_shader_int64,
    // which Vulkan GLSL compilers do not define; the Vulkan extension is
    // GL_EXT_shader_explicit_arithmetic_types_int64.
    static constexpr llvm::StringLiteral arbGuard =
        "#if defined(GL_ARB_gpu_shader_int64)\n"
        "#extension GL_ARB_gpu_shader_int64 : require\n"
        "#else\n"
        "#error No extension available for 64-bit integers.\n"
        "#endif\n";
    size_t pos = text.find(arbGuard.str());
    if (pos != std::string::npos)
      text.replace(pos, arbGuard.size(),
                   "#extension GL_EXT_shader_explicit_arithmetic_types_int64 "
                   ": require\n");
  }
  return text;
} // namespace
