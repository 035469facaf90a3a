//===- Manifest.cpp - reading and validating bundle manifests ---*- C++ -*-===//
//
// The bundle container is parsed by kgpu::bundle::read (bounds-checked,
// LLVM Support only); this file checks the manifest's kernels against what
// the runtime needs, so that a malformed bundle fails at load time with a
// message naming the bad field, never later in a backend.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "kgpu/ABI/Manifest.h"
#include "kgpu/Bundle/Bundle.h"

#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

using namespace kgpu::rt;

kgpu_type kgpu::rt::parseTypeName(const std::string &name) {
  static const struct {
    const char *name;
    kgpu_type type;
  } kTypes[] = {{"i1", KGPU_TYPE_I1},     {"i8", KGPU_TYPE_I8},
                {"i16", KGPU_TYPE_I16},   {"i32", KGPU_TYPE_I32},
                {"i64", KGPU_TYPE_I64},   {"f16", KGPU_TYPE_F16},
                {"bf16", KGPU_TYPE_BF16}, {"f32", KGPU_TYPE_F32},
                {"f64", KGPU_TYPE_F64},   {"index", KGPU_TYPE_INDEX},
                {"ui32", KGPU_TYPE_I32},  {"si32", KGPU_TYPE_I32},
                {"ui64", KGPU_TYPE_I64},  {"si64", KGPU_TYPE_I64}};
  for (const auto &t : kTypes)
    if (name == t.name)
      return t.type;
  return KGPU_TYPE_INVALID;
}

namespace {
/// Builds "invalid kgpu bundle manifest: <where>: <what>" errors.
class Checker {
public:
  Error fail(const std::string &where, const std::string &what) const {
    return Error(KGPU_ERROR_INVALID_BUNDLE,
                 "invalid kgpu bundle manifest: " + where + ": " + what);
  }
};
} // namespace

/// A reduction's initial value (docs/bundle.md "init"): the output
/// parameter's element `element` holds `init` before each launch.
static Error parseReductionInit(const llvm::json::Object &r,
                                const llvm::json::Value &init,
                                const std::string &where, KernelDesc &out) {
  std::string rwhere =
      "invalid kgpu bundle manifest: " + where + ": reduction";
  std::optional<int64_t> param = r.getInteger(KGPU_MANIFEST_PARAM);
  std::optional<int64_t> element = r.getInteger(KGPU_MANIFEST_ELEMENT);
  if (!param || *param < 0 || *param >= static_cast<int64_t>(out.params.size()) ||
      out.params[*param].kind != KGPU_PARAM_BUFFER)
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "%s: \"init\" needs \"param\", a buffer parameter",
                     rwhere.c_str());
  if (!element || *element < 0 || *element > (int64_t(1) << 48))
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "%s: \"init\" needs a non-negative \"element\"",
                     rwhere.c_str());
  kgpu_type type = out.params[*param].type;
  KernelDesc::ReductionInit ri;
  ri.param = static_cast<uint32_t>(*param);
  ri.bytes = static_cast<uint32_t>(kgpu_type_size(type));
  ri.offset = static_cast<uint64_t>(*element) * ri.bytes;
  bool isFloat = type == KGPU_TYPE_F32 || type == KGPU_TYPE_F64;
  bool isInt = type == KGPU_TYPE_I8 || type == KGPU_TYPE_I16 ||
               type == KGPU_TYPE_I32 || type == KGPU_TYPE_I64 ||
               type == KGPU_TYPE_INDEX;
  if (isFloat) {
    double v;
    std::optional<llvm::StringRef> str = init.getAsString();
    if (str && *str == "inf")
      v = HUGE_VAL;
    else if (str && *str == "-inf")
      v = -HUGE_VAL;
    else if (str && *str == "nan")
      v = std::nan("");
    else if (std::optional<double> d = init.getAsNumber())
      v = *d;
    else
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "%s: \"init\" must be a number, \"inf\", \"-inf\" or "
                       "\"nan\"",
                       rwhere.c_str());
    if (type == KGPU_TYPE_F32) {
      float f = static_cast<float>(v);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      ri.bits = b;
    } else {
      std::memcpy(&ri.bits, &v, 8);
    }
  } else if (isInt) {
    std::optional<int64_t> i = init.getAsInteger();
    if (!i)
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "%s: \"init\" of an integer reduction must be an "
                       "integer",
                       rwhere.c_str());
    ri.bits = static_cast<uint64_t>(*i); // little-endian: low bytes first
  } else {
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "%s: \"init\" on a reduction of an unsupported type",
                     rwhere.c_str());
  }
  out.reductionInits.push_back(ri);
  return Error::success();
}

/// The "vulkan" object of a kernel (after its parameters).
static Error parseVulkanScalars(const llvm::json::Object &vulkan,
                                const std::string &where, KernelDesc &out) {
  Checker c;
  std::string vwhere = where + " \"vulkan\"";
  const llvm::json::Object *scalars = vulkan.getObject(KGPU_MANIFEST_SCALARS);
  if (!scalars)
    return c.fail(vwhere, "no \"scalars\" object");
  VulkanScalarsDesc &d = out.vulkanScalars;
  d.present = true;
  std::optional<llvm::StringRef> storage =
      scalars->getString(KGPU_MANIFEST_STORAGE);
  if (storage == llvm::StringRef(KGPU_MANIFEST_STORAGE_NONE))
    d.storage = VulkanScalarsDesc::NONE;
  else if (storage == llvm::StringRef(KGPU_MANIFEST_STORAGE_PUSH_CONSTANT))
    d.storage = VulkanScalarsDesc::PUSH_CONSTANT;
  else if (storage == llvm::StringRef(KGPU_MANIFEST_STORAGE_STORAGE_BUFFER))
    d.storage = VulkanScalarsDesc::STORAGE_BUFFER;
  else
    return c.fail(vwhere, "\"storage\" must be \"none\", "
                          "\"push_constant\" or \"storage_buffer\"");
  std::optional<int64_t> size = scalars->getInteger(KGPU_MANIFEST_SIZE);
  if (!size || *size < 0 || *size > (1 << 16))
    return c.fail(vwhere, "bad \"size\"");
  d.size = static_cast<uint32_t>(*size);
  if (d.storage == VulkanScalarsDesc::STORAGE_BUFFER) {
    std::optional<int64_t> binding = scalars->getInteger(KGPU_MANIFEST_BINDING);
    if (!binding || *binding < 0 || *binding > (1 << 16))
      return c.fail(vwhere, "bad \"binding\"");
    d.binding = static_cast<uint32_t>(*binding);
    if (d.binding < out.params.size() &&
        out.params[d.binding].kind == KGPU_PARAM_BUFFER)
      return c.fail(vwhere, "the scalar block's binding is that of buffer "
                            "parameter '" +
                                out.params[d.binding].name + "'");
  }
  const llvm::json::Array *members = scalars->getArray(KGPU_MANIFEST_MEMBERS);
  if (!members)
    return c.fail(vwhere, "no \"members\" array");
  std::set<uint32_t> seen;
  for (const llvm::json::Value &v : *members) {
    const llvm::json::Object *m = v.getAsObject();
    std::optional<int64_t> param =
        m ? m->getInteger(KGPU_MANIFEST_PARAM) : std::nullopt;
    std::optional<int64_t> offset =
        m ? m->getInteger(KGPU_MANIFEST_OFFSET) : std::nullopt;
    if (!param || *param < 0 ||
        *param >= static_cast<int64_t>(out.params.size()) ||
        out.params[*param].kind != KGPU_PARAM_SCALAR ||
        !seen.insert(static_cast<uint32_t>(*param)).second)
      return c.fail(vwhere, "a member names no scalar parameter, or one twice");
    // 8 bytes for 64-bit types, 4 for the others (index is 32-bit there).
    kgpu_type type = out.params[*param].type;
    int64_t slot = type == KGPU_TYPE_I64 || type == KGPU_TYPE_F64 ? 8 : 4;
    if (!offset || *offset < 0 || *offset % 4 || *offset + slot > *size)
      return c.fail(vwhere, "the member for parameter '" +
                                out.params[*param].name +
                                "' is outside the block");
    d.members.emplace_back(static_cast<uint32_t>(*param),
                           static_cast<uint32_t>(*offset));
  }
  for (const ParamDesc &p : out.params)
    if (p.kind == KGPU_PARAM_SCALAR && !seen.count(p.index))
      return c.fail(vwhere,
                    "scalar parameter '" + p.name + "' is not in the block");
  if ((d.storage == VulkanScalarsDesc::NONE) != d.members.empty())
    return c.fail(vwhere, "\"storage\" does not match the members");
  return Error::success();
}

/// The "vulkan"."cooperative_matrix" array of a kernel (optional).
static Error parseCooperativeMatrices(const llvm::json::Object &vulkan,
                                      const std::string &where,
                                      KernelDesc &out) {
  const llvm::json::Value *value = vulkan.get(KGPU_MANIFEST_COOPERATIVE_MATRIX);
  if (!value)
    return Error::success();
  Checker c;
  std::string cwhere = where + " \"vulkan\" \"cooperative_matrix\"";
  const llvm::json::Array *entries = value->getAsArray();
  if (!entries)
    return c.fail(cwhere, "not an array");
  for (const llvm::json::Value &ev : *entries) {
    const llvm::json::Object *e = ev.getAsObject();
    if (!e)
      return c.fail(cwhere, "an entry is not an object");
    CooperativeMatrixDesc d;
    for (auto [key, field] :
         {std::pair<const char *, uint32_t *>{KGPU_MANIFEST_M, &d.m},
          {KGPU_MANIFEST_N, &d.n},
          {KGPU_MANIFEST_K, &d.k}}) {
      std::optional<int64_t> v = e->getInteger(key);
      if (!v || *v < 1 || *v > 4096)
        return c.fail(cwhere, std::string("an entry has no valid \"") + key +
                                  "\"");
      *field = static_cast<uint32_t>(*v);
    }
    for (auto [key, field] :
         {std::pair<const char *, std::string *>{KGPU_MANIFEST_A, &d.a},
          {KGPU_MANIFEST_B, &d.b},
          {KGPU_MANIFEST_C, &d.c},
          {KGPU_MANIFEST_RESULT, &d.result}}) {
      std::optional<llvm::StringRef> v = e->getString(key);
      if (!v || (*v != "f16" && *v != "bf16" && *v != "f32" && *v != "i8" &&
                 *v != "i32"))
        return c.fail(cwhere, std::string("an entry has no valid \"") + key +
                                  "\" (f16, bf16, f32, i8 or i32)");
      *field = v->str();
    }
    out.cooperativeMatrices.push_back(std::move(d));
  }
  return Error::success();
}

static Error parseKernel(const llvm::json::Object &k, size_t position,
                         KernelDesc &out) {
  Checker c;
  std::string where = "kernel #" + std::to_string(position);
  std::optional<llvm::StringRef> name = k.getString(KGPU_MANIFEST_NAME);
  if (!name || name->empty())
    return c.fail(where, "no \"name\"");
  out.name = name->str();
  where = "kernel '" + out.name + "'";

  const llvm::json::Array *params = k.getArray(KGPU_MANIFEST_PARAMS);
  if (!params)
    return c.fail(where, "no \"params\" array");
  std::set<std::string> names;
  for (size_t i = 0; i < params->size(); ++i) {
    std::string pwhere = where + " parameter #" + std::to_string(i);
    const llvm::json::Object *p = (*params)[i].getAsObject();
    if (!p)
      return c.fail(pwhere, "not an object");
    ParamDesc d;
    d.index = static_cast<uint32_t>(i);
    std::optional<int64_t> index = p->getInteger(KGPU_MANIFEST_INDEX);
    if (index && *index != static_cast<int64_t>(i))
      return c.fail(pwhere, "\"index\" is " + std::to_string(*index));
    std::optional<llvm::StringRef> pname = p->getString(KGPU_MANIFEST_NAME);
    if (!pname || pname->empty())
      return c.fail(pwhere, "no \"name\"");
    d.name = pname->str();
    if (!names.insert(d.name).second)
      return c.fail(pwhere, "duplicate parameter name '" + d.name + "'");
    std::optional<llvm::StringRef> kind = p->getString(KGPU_MANIFEST_KIND);
    if (kind == llvm::StringRef(KGPU_MANIFEST_KIND_BUFFER))
      d.kind = KGPU_PARAM_BUFFER;
    else if (kind == llvm::StringRef(KGPU_MANIFEST_KIND_SCALAR))
      d.kind = KGPU_PARAM_SCALAR;
    else
      return c.fail(pwhere, "\"kind\" must be \"buffer\" or \"scalar\"");
    std::optional<llvm::StringRef> type = p->getString(KGPU_MANIFEST_TYPE);
    if (!type)
      return c.fail(pwhere, "no \"type\"");
    d.type = parseTypeName(type->str());
    if (d.type == KGPU_TYPE_INVALID)
      return c.fail(pwhere, "type '" + type->str() +
                                "' is not supported by the runtime");
    std::optional<llvm::StringRef> access = p->getString(KGPU_MANIFEST_ACCESS);
    if (!access || *access == KGPU_MANIFEST_ACCESS_READ)
      d.access = KGPU_ACCESS_READ;
    else if (*access == KGPU_MANIFEST_ACCESS_WRITE)
      d.access = KGPU_ACCESS_WRITE;
    else if (*access == KGPU_MANIFEST_ACCESS_READ_WRITE)
      d.access = KGPU_ACCESS_READ_WRITE;
    else
      return c.fail(pwhere, "unknown \"access\" '" + access->str() + "'");
    if (d.kind == KGPU_PARAM_BUFFER) {
      const llvm::json::Array *shape = p->getArray(KGPU_MANIFEST_SHAPE);
      if (!shape) {
        d.shape = {-1};
      } else {
        if (shape->empty() || shape->size() > 8)
          return c.fail(pwhere, "the shape must have rank 1 to 8");
        int64_t elements = 1;
        bool dynamic = false;
        for (const llvm::json::Value &v : *shape) {
          std::optional<int64_t> extent = v.getAsInteger();
          if (!extent || *extent < -1 || *extent == 0)
            return c.fail(pwhere, "bad shape extent");
          d.shape.push_back(*extent);
          if (*extent < 0) {
            dynamic = true;
          } else if (elements > std::numeric_limits<int64_t>::max() / *extent) {
            return c.fail(pwhere, "the shape is too large");
          } else {
            elements *= *extent;
          }
        }
        if (dynamic && shape->size() != 1)
          return c.fail(pwhere, "only 1-D buffers may have a dynamic extent");
        d.staticElements = dynamic ? -1 : elements;
      }
    }
    if (std::optional<llvm::StringRef> hidden =
            p->getString(KGPU_MANIFEST_HIDDEN)) {
      if (*hidden == KGPU_MANIFEST_HIDDEN_SIZE_OF) {
        std::optional<int64_t> of = p->getInteger(KGPU_MANIFEST_OF);
        if (d.kind != KGPU_PARAM_SCALAR || d.type != KGPU_TYPE_I64)
          return c.fail(pwhere,
                        "a \"size_of\" parameter must be an i64 scalar");
        if (!of || *of < 0 || *of >= static_cast<int64_t>(i) ||
            out.params[*of].kind != KGPU_PARAM_BUFFER ||
            out.params[*of].hidden != ParamDesc::Hidden::None)
          return c.fail(pwhere, "\"of\" must name an earlier visible buffer "
                                "parameter");
        d.hidden = ParamDesc::Hidden::SizeOf;
        d.sizeOf = static_cast<uint32_t>(*of);
      } else if (*hidden == KGPU_MANIFEST_HIDDEN_BOUNDS_STATUS) {
        if (d.kind != KGPU_PARAM_BUFFER || d.type != KGPU_TYPE_I32 ||
            d.staticElements < 8 || out.boundsStatusParam >= 0)
          return c.fail(pwhere, "the \"bounds_status\" parameter must be one "
                                "static buffer of at least 8 i32");
        d.hidden = ParamDesc::Hidden::BoundsStatus;
        out.boundsStatusParam = static_cast<int64_t>(i);
      } else {
        return c.fail(pwhere,
                      "unknown \"hidden\" kind '" + hidden->str() + "'");
      }
    } else if (out.visibleParams != i) {
      return c.fail(pwhere, "a visible parameter after a hidden one");
    } else {
      out.visibleParams = i + 1;
    }
    out.params.push_back(std::move(d));
  }
  if (const llvm::json::Object *bounds =
          k.getObject(KGPU_MANIFEST_BOUNDS_CHECK)) {
    const llvm::json::Array *sites = bounds->getArray(KGPU_MANIFEST_SITES);
    if (!sites || out.boundsStatusParam < 0)
      return c.fail(where, "\"bounds_check\" needs \"sites\" and a "
                           "\"bounds_status\" parameter");
    for (const llvm::json::Value &v : *sites) {
      const llvm::json::Object *site = v.getAsObject();
      std::optional<llvm::StringRef> what =
          site ? site->getString(KGPU_MANIFEST_WHAT) : std::nullopt;
      std::optional<llvm::StringRef> loc =
          site ? site->getString(KGPU_MANIFEST_LOC) : std::nullopt;
      if (!what || !loc)
        return c.fail(where, "a bounds-check site needs \"what\" and \"loc\"");
      out.boundsSites.push_back(what->str() + " at " + loc->str());
    }
  } else if (out.boundsStatusParam >= 0) {
    return c.fail(where, "a \"bounds_status\" parameter without "
                         "\"bounds_check\" sites");
  }

  if (const llvm::json::Object *launch = k.getObject(KGPU_MANIFEST_LAUNCH)) {
    std::optional<llvm::StringRef> model =
        launch->getString(KGPU_MANIFEST_MODEL);
    if (!model || *model == KGPU_MANIFEST_MODEL_NDRANGE)
      out.model = KGPU_LAUNCH_NDRANGE;
    else if (*model == KGPU_MANIFEST_MODEL_PARALLEL_LOOP)
      out.model = KGPU_LAUNCH_PARALLEL_LOOP;
    else
      return c.fail(where, "unknown launch model '" + model->str() + "'");
    std::optional<int64_t> dims = launch->getInteger(KGPU_MANIFEST_DIMS);
    if (dims && (*dims < 1 || *dims > 3))
      return c.fail(where, "launch dims must be 1, 2 or 3");
    out.dims = dims ? static_cast<uint32_t>(*dims) : 1;
    if (const llvm::json::Value *dp =
            launch->get(KGPU_MANIFEST_DISPATCH_PARAMS)) {
      const llvm::json::Array *names = dp->getAsArray();
      if (!names || names->empty() || names->size() > 3)
        return c.fail(where, "\"dispatch_params\" must be an array of 1 to 3 "
                             "parameter names");
      for (const llvm::json::Value &v : *names) {
        std::optional<llvm::StringRef> name = v.getAsString();
        const ParamDesc *found = nullptr;
        for (size_t i = 0; name && i < out.visibleParams; ++i)
          if (out.params[i].name == *name)
            found = &out.params[i];
        if (!found || found->kind != KGPU_PARAM_SCALAR ||
            found->type != KGPU_TYPE_I32)
          return c.fail(where, "\"dispatch_params\" entries must name i32 "
                               "scalar parameters");
        if (llvm::is_contained(out.dispatchParams, found->index))
          return c.fail(where, "\"dispatch_params\" names a parameter twice");
        out.dispatchParams.push_back(found->index);
      }
    }
  } else {
    return c.fail(where, "no \"launch\" object");
  }

  const llvm::json::Array *wg = k.getArray(KGPU_MANIFEST_WORKGROUP_SIZE);
  if (!wg || wg->size() != 3)
    return c.fail(where, "\"workgroup_size\" must be an array of 3 integers");
  for (unsigned d = 0; d < 3; ++d) {
    std::optional<int64_t> v = (*wg)[d].getAsInteger();
    if (!v || *v < 1 || *v > 65536)
      return c.fail(where, "bad \"workgroup_size\" entry");
    out.workgroupSize[d] = static_cast<uint32_t>(*v);
  }
  if (out.workgroupInvocations() > (1u << 20))
    return c.fail(where, "the work-group size is too large");
  if (const llvm::json::Value *fixed =
          k.get(KGPU_MANIFEST_WORKGROUP_SIZE_FIXED)) {
    std::optional<bool> b = fixed->getAsBoolean();
    if (!b)
      return c.fail(where, "\"workgroup_size_fixed\" must be a boolean");
    out.workgroupSizeFixed = *b;
  }

  std::optional<int64_t> local = k.getInteger(KGPU_MANIFEST_LOCAL_MEMORY_BYTES);
  if (local && *local < 0)
    return c.fail(where, "negative \"local_memory_bytes\"");
  out.localMemoryBytes = local ? static_cast<uint64_t>(*local) : 0;

  if (const llvm::json::Object *sg = k.getObject(KGPU_MANIFEST_SUBGROUPS)) {
    out.usesSubgroups = sg->getBoolean(KGPU_MANIFEST_USED).value_or(false);
    if (std::optional<int64_t> size =
            sg->getInteger(KGPU_MANIFEST_ASSUMED_SIZE)) {
      if (*size < 1 || *size > 1024)
        return c.fail(where, "bad subgroup \"assumed_size\"");
      out.assumedSubgroupSize = static_cast<uint32_t>(*size);
    }
  }
  if (const llvm::json::Array *reductions =
          k.getArray(KGPU_MANIFEST_REDUCTIONS)) {
    out.reductionCount = static_cast<uint32_t>(reductions->size());
    for (const llvm::json::Value &rv : *reductions)
      if (const llvm::json::Object *r = rv.getAsObject())
        if (const llvm::json::Value *init = r->get(KGPU_MANIFEST_INIT))
          if (Error e = parseReductionInit(*r, *init, where, out))
            return e;
  }
  if (const llvm::json::Object *vulkan = k.getObject(KGPU_MANIFEST_VULKAN)) {
    if (Error e = parseVulkanScalars(*vulkan, where, out))
      return e;
    if (Error e = parseCooperativeMatrices(*vulkan, where, out))
      return e;
  }
  if (const llvm::json::Value *cuda = k.get(KGPU_MANIFEST_CUDA)) {
    const llvm::json::Object *object = cuda->getAsObject();
    if (!object)
      return c.fail(where, "\"cuda\" must be an object");
    if (const llvm::json::Value *bytes =
            object->get(KGPU_MANIFEST_DYNAMIC_SHARED_MEMORY_BYTES)) {
      std::optional<int64_t> n = bytes->getAsInteger();
      if (!n || *n < 0 || *n > (int64_t(1) << 32))
        return c.fail(where, "\"cuda.dynamic_shared_memory_bytes\" must be "
                             "a non-negative integer");
      out.cudaDynamicSharedBytes = static_cast<uint64_t>(*n);
    }
  }
  return Error::success();
}

Error kgpu::rt::parseBundle(const void *data, size_t size, ModuleDesc &out) {
  if (!data && size)
    return Error(KGPU_ERROR_INVALID_ARGUMENT, "bundle data is null");
  llvm::Expected<kgpu::bundle::Bundle> bundle = kgpu::bundle::read(
      llvm::StringRef(static_cast<const char *>(data), size));
  if (!bundle)
    return Error(KGPU_ERROR_INVALID_BUNDLE, llvm::toString(bundle.takeError()));

  Checker c;
  const llvm::json::Object &manifest = bundle->manifest;
  if (std::optional<llvm::StringRef> format =
          manifest.getString(KGPU_MANIFEST_FORMAT))
    if (*format != KGPU_MANIFEST_FORMAT_NAME)
      return c.fail("top level",
                    "\"format\" is '" + format->str() + "', not 'kgpu-bundle'");
  if (std::optional<int64_t> version =
          manifest.getInteger(KGPU_MANIFEST_VERSION))
    if (*version < 1 || *version > kgpu::bundle::kFormatVersion)
      return c.fail("top level", "manifest version " +
                                     std::to_string(*version) +
                                     " is not supported");
  const llvm::json::Array *kernels = manifest.getArray(KGPU_MANIFEST_KERNELS);
  std::set<std::string> names;
  for (size_t i = 0; i < kernels->size(); ++i) {
    const llvm::json::Object *k = (*kernels)[i].getAsObject();
    if (!k)
      return c.fail("kernel #" + std::to_string(i), "not an object");
    KernelDesc desc;
    if (Error e = parseKernel(*k, i, desc))
      return e;
    if (!names.insert(desc.name).second)
      return c.fail("kernel '" + desc.name + "'", "defined twice");
    out.kernels.push_back(std::move(desc));
  }
  if (const llvm::json::Value *omitted =
          manifest.get(KGPU_MANIFEST_OMITTED_TARGETS)) {
    const llvm::json::Object *o = omitted->getAsObject();
    if (!o)
      return c.fail("top level", "\"omitted_targets\" must be an object "
                                 "mapping targets to reasons");
    for (const auto &[target, reason] : *o) {
      std::optional<llvm::StringRef> text = reason.getAsString();
      if (!text)
        return c.fail("top level", "the \"omitted_targets\" reason of '" +
                                       target.str() + "' is not a string");
      out.omittedTargets.push_back({target.str(), text->str()});
    }
    std::sort(out.omittedTargets.begin(), out.omittedTargets.end());
  }
  if (const llvm::json::Value *cpu = manifest.get(KGPU_MANIFEST_CPU)) {
    // The ABI of the CPU payload; whether the CPU backend can run it is its
    // decision (CPUBackend.cpp), this only checks the shape.
    const llvm::json::Object *o = cpu->getAsObject();
    std::optional<int64_t> size =
        o ? o->getInteger(KGPU_MANIFEST_SUBGROUP_SIZE) : std::nullopt;
    if (!size || *size < 1)
      return c.fail("top level",
                    "\"" KGPU_MANIFEST_CPU "\" must be an object "
                    "with a positive integer \"" KGPU_MANIFEST_SUBGROUP_SIZE
                    "\"");
    out.cpuSubgroupSize = *size;
  }
  for (kgpu::bundle::Payload &p : bundle->payloads)
    out.payloads.push_back({std::move(p.target), std::move(p.format),
                            std::move(p.kernel), std::move(p.data)});
  return Error::success();
}
