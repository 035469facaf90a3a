//===- kgpu_ext.cpp - the kgpu._kgpu nanobind extension ---------*- C++ -*-===//
//
// A thin binding of the two C APIs: libkgpu_compiler (kgpu-c/Compiler.h) and
// libkgpu_runtime (kgpu/runtime.h). Every handle is an object that releases
// it; every failing call raises kgpu.KgpuError (set by kgpu/__init__.py
// through _set_error_class) with the library's message and status name.
// Argument checking against the manifest, NumPy conversion, grids and
// reductions are done in Python (kgpu/_launch.py); this file only moves
// bytes and handles. Blocking calls (compile, launch, wait, transfers)
// release the GIL, so Python threads launch concurrently.
//
//===----------------------------------------------------------------------===//

#include "kgpu-c/Compiler.h"
#include "kgpu/runtime.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include <dlfcn.h>

namespace nb = nanobind;

namespace {

//===----------------------------------------------------------------------===//
// libkgpu_compiler, loaded on first use: importing kgpu and launching
// precompiled bundles needs only libkgpu_runtime (not libMLIR/libLLVM).
//===----------------------------------------------------------------------===//

#define KGPU_COMPILER_FUNCTIONS(X)                                             \
  X(kgpuc_version)                                                             \
  X(kgpuc_last_error_message)                                                  \
  X(kgpuc_status_string)                                                       \
  X(kgpuc_options_create)                                                      \
  X(kgpuc_options_destroy)                                                     \
  X(kgpuc_options_set_emit)                                                    \
  X(kgpuc_options_set_targets)                                                 \
  X(kgpuc_options_set_kernel)                                                  \
  X(kgpuc_options_set_chip)                                                    \
  X(kgpuc_options_set_fp_contract)                                             \
  X(kgpuc_options_set_language)                                                \
  X(kgpuc_compile_file)                                                        \
  X(kgpuc_compile_buffer)                                                      \
  X(kgpuc_result_destroy)                                                      \
  X(kgpuc_result_succeeded)                                                    \
  X(kgpuc_result_data)                                                         \
  X(kgpuc_result_num_diagnostics)                                              \
  X(kgpuc_result_diagnostic)                                                   \
  X(kgpuc_result_diagnostic_text)

struct CompilerAPI {
#define X(name) decltype(&::name) name = nullptr;
  KGPU_COMPILER_FUNCTIONS(X)
#undef X
  std::string path;
  std::string error;
};

/// The directory of this extension (dladdr), where a wheel keeps the
/// libraries.
std::string extensionDir() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&extensionDir), &info) && info.dli_fname) {
    std::string f = info.dli_fname;
    size_t slash = f.rfind('/');
    if (slash != std::string::npos)
      return f.substr(0, slash);
  }
  return ".";
}

const CompilerAPI &compilerAPI() {
  static CompilerAPI api;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> candidates;
    if (const char *env = std::getenv("KGPU_COMPILER_LIBRARY"))
      if (*env)
        candidates.push_back(env);
    candidates.push_back(extensionDir() + "/libkgpu_compiler.so");
    candidates.push_back(extensionDir() + "/../../lib/libkgpu_compiler.so");
    candidates.push_back("libkgpu_compiler.so");
    void *h = nullptr;
    for (const std::string &c : candidates) {
      h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (h) {
        api.path = c;
        break;
      }
      const char *e = dlerror();
      if (api.error.empty() || c == candidates.front())
        api.error = e ? e : "cannot load " + c;
    }
    if (!h) {
      api.error = "the compiler library (libkgpu_compiler.so) cannot be "
                  "loaded: " + api.error +
                  " (kgpu.load() of prebuilt bundles still works; "
                  "KGPU_COMPILER_LIBRARY names the library)";
      return;
    }
#define X(name)                                                                \
  api.name = reinterpret_cast<decltype(&::name)>(dlsym(h, #name));             \
  if (!api.name) {                                                             \
    api.error = api.path + " lacks " #name;                                    \
    api.path.clear();                                                          \
    return;                                                                    \
  }
    KGPU_COMPILER_FUNCTIONS(X)
#undef X
    api.error.clear();
  });
  return api;
}

PyObject *gErrorClass = nullptr;

/// A failed runtime or compiler call, turned into kgpu.KgpuError.
struct StatusError {
  std::string message;
  std::string status;
  int code;
};

[[noreturn]] void raiseRuntime(kgpu_status s, const std::string &what) {
  std::string message = kgpu_last_error_message();
  if (message.empty())
    message = kgpu_status_string(s);
  throw StatusError{what.empty() ? message : what + ": " + message,
                    kgpu_status_string(s), static_cast<int>(s)};
}

void check(kgpu_status s, const char *what = "") {
  if (s != KGPU_SUCCESS)
    raiseRuntime(s, what);
}

/// The compiler's functions, or a KgpuError saying why it cannot load.
const CompilerAPI &compiler() {
  const CompilerAPI &api = compilerAPI();
  if (!api.error.empty())
    throw StatusError{api.error, "KGPUC_ERROR_IO", 2};
  return api;
}

void checkc(kgpuc_status s, const char *what) {
  if (s != KGPUC_SUCCESS) {
    const CompilerAPI &c = compiler();
    std::string message = c.kgpuc_last_error_message();
    throw StatusError{std::string(what) + ": " + message,
                      c.kgpuc_status_string(s), static_cast<int>(s)};
  }
}

nb::dict infoDict(const kgpu_device_info &i) {
  nb::dict d;
  d["backend"] = kgpu_backend_name(i.backend);
  d["index"] = i.index;
  d["name"] = std::string(i.name);
  d["is_software"] = bool(i.is_software);
  d["max_workgroup_size"] = nb::make_tuple(
      i.max_workgroup_size[0], i.max_workgroup_size[1], i.max_workgroup_size[2]);
  d["max_workgroup_invocations"] = i.max_workgroup_invocations;
  d["max_grid"] = nb::make_tuple(i.max_grid[0], i.max_grid[1], i.max_grid[2]);
  d["max_local_memory_bytes"] = i.max_local_memory_bytes;
  d["subgroup_size"] = i.subgroup_size;
  d["compute_units"] = i.compute_units;
  d["memory_bytes"] = i.memory_bytes;
  return d;
}

//===----------------------------------------------------------------------===//
// Runtime handles
//===----------------------------------------------------------------------===//

struct Device {
  kgpu_device h = nullptr;
  explicit Device(kgpu_device h) : h(h) {}
  Device(const Device &) = delete;
  ~Device() { kgpu_device_release(h); }
};

struct Buffer {
  kgpu_buffer h = nullptr;
  size_t size = 0;
  /// For a buffer wrapping external memory: what owns that memory.
  nb::object owner;
  Buffer(kgpu_buffer h, size_t size) : h(h), size(size) {}
  Buffer(const Buffer &) = delete;
  ~Buffer() { kgpu_buffer_release(h); }
};

struct Event {
  kgpu_event h = nullptr;
  explicit Event(kgpu_event h) : h(h) {}
  Event(const Event &) = delete;
  ~Event() { kgpu_event_release(h); }
};

struct Queue {
  kgpu_queue h = nullptr;
  explicit Queue(kgpu_queue h) : h(h) {}
  Queue(const Queue &) = delete;
  ~Queue() {
    nb::gil_scoped_release unlock;
    kgpu_queue_release(h);
  }
};

struct Module {
  kgpu_module h = nullptr;
  explicit Module(kgpu_module h) : h(h) {}
  Module(const Module &) = delete;
  ~Module() { kgpu_module_release(h); }
};

/// Kernel handles belong to their module: the Python object keeps the
/// module alive (nb::keep_alive on the accessor).
struct Kernel {
  kgpu_kernel h = nullptr;
  explicit Kernel(kgpu_kernel h) : h(h) {}
};

/// A contiguous view of a Python buffer-protocol object.
struct View {
  Py_buffer buf{};
  bool ok = false;
  View(nb::handle obj, bool writable) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj.ptr(), &buf, flags) != 0)
      throw nb::python_error();
    ok = true;
  }
  ~View() {
    if (ok)
      PyBuffer_Release(&buf);
  }
};

std::vector<kgpu_arg> makeArgs(const std::vector<std::tuple<int, int, uint64_t, Buffer *>> &in) {
  std::vector<kgpu_arg> args(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    auto [kind, type, bits, buffer] = in[i];
    if (kind == KGPU_ARG_BUFFER) {
      if (!buffer)
        throw nb::value_error("a buffer argument without a buffer");
      args[i] = kgpu_arg_buffer(buffer->h);
    } else {
      args[i] = kgpu_arg_bits(static_cast<kgpu_type>(type), bits);
    }
  }
  return args;
}

kgpu_launch_config makeConfig(const std::tuple<uint32_t, uint32_t, uint32_t> &grid,
                              const std::tuple<uint32_t, uint32_t, uint32_t> &local) {
  kgpu_launch_config c;
  c.grid[0] = std::get<0>(grid);
  c.grid[1] = std::get<1>(grid);
  c.grid[2] = std::get<2>(grid);
  c.local[0] = std::get<0>(local);
  c.local[1] = std::get<1>(local);
  c.local[2] = std::get<2>(local);
  return c;
}

using Dims = std::tuple<uint32_t, uint32_t, uint32_t>;
using ArgList = std::vector<std::tuple<int, int, uint64_t, Buffer *>>;

//===----------------------------------------------------------------------===//
// DLPack (through nanobind's ndarray)
//===----------------------------------------------------------------------===//

nb::dlpack::dtype dtypeOf(int type) {
  switch (static_cast<kgpu_type>(type)) {
  case KGPU_TYPE_I1:
    return nb::dtype<bool>();
  case KGPU_TYPE_I8:
    return nb::dtype<int8_t>();
  case KGPU_TYPE_I16:
    return nb::dtype<int16_t>();
  case KGPU_TYPE_I32:
    return nb::dtype<int32_t>();
  case KGPU_TYPE_I64:
  case KGPU_TYPE_INDEX:
    return nb::dtype<int64_t>();
  case KGPU_TYPE_F16:
    return {static_cast<uint8_t>(nb::dlpack::dtype_code::Float), 16, 1};
  case KGPU_TYPE_BF16:
    return {static_cast<uint8_t>(nb::dlpack::dtype_code::Bfloat), 16, 1};
  case KGPU_TYPE_F32:
    return nb::dtype<float>();
  case KGPU_TYPE_F64:
    return nb::dtype<double>();
  default:
    break;
  }
  throw nb::value_error("no DLPack dtype for this kgpu type");
}

} // namespace

NB_MODULE(_kgpu, m) {
  m.doc() = "Low-level binding of libkgpu_runtime and libkgpu_compiler "
            "(use the kgpu package, not this module).";

  nb::register_exception_translator([](const std::exception_ptr &p, void *) {
    try {
      std::rethrow_exception(p);
    } catch (const StatusError &e) {
      PyObject *cls = gErrorClass ? gErrorClass : PyExc_RuntimeError;
      nb::object args = nb::make_tuple(e.message, e.status, e.code);
      PyErr_SetObject(cls, args.ptr());
    }
  });
  m.def("_set_error_class", [](nb::handle cls) {
    Py_XINCREF(cls.ptr());
    gErrorClass = cls.ptr();
  });

  m.def("runtime_version", &kgpu_runtime_version);
  m.def("compiler_version", [] { return compiler().kgpuc_version(); });
  m.def("compiler_path", [] { return compiler().path; });
  m.def("type_size", [](int t) { return kgpu_type_size(static_cast<kgpu_type>(t)); });
  m.def("type_name", [](int t) {
    return std::string(kgpu_type_name(static_cast<kgpu_type>(t)));
  });

  // Devices.
  m.def("device_count", [] {
    uint32_t n = 0;
    check(kgpu_device_count(&n), "kgpu_device_count");
    return n;
  });
  m.def("device_describe", [](uint32_t index) {
    kgpu_device_info info;
    check(kgpu_device_describe(index, &info));
    return infoDict(info);
  });
  nb::class_<Device>(m, "Device")
      .def_static(
          "open",
          [](const std::string &spec) {
            kgpu_device d = nullptr;
            kgpu_status s;
            {
              nb::gil_scoped_release unlock;
              s = kgpu_device_open(spec.empty() ? nullptr : spec.c_str(), &d);
            }
            check(s);
            return new Device(d);
          })
      .def_static("open_index",
                  [](uint32_t index) {
                    kgpu_device d = nullptr;
                    kgpu_status s;
                    {
                      nb::gil_scoped_release unlock;
                      s = kgpu_device_open_index(index, &d);
                    }
                    check(s);
                    return new Device(d);
                  })
      .def("info",
           [](Device &d) {
             kgpu_device_info info;
             check(kgpu_device_get_info(d.h, &info));
             return infoDict(info);
           })
      .def("synchronize", [](Device &d) {
        kgpu_status s;
        {
          nb::gil_scoped_release unlock;
          s = kgpu_device_synchronize(d.h);
        }
        check(s);
      });

  // Buffers.
  nb::class_<Buffer>(m, "Buffer")
      .def_static("create",
                  [](Device &d, size_t size) {
                    kgpu_buffer b = nullptr;
                    check(kgpu_buffer_create(d.h, size, &b));
                    return new Buffer(b, size);
                  })
      .def_prop_ro("size", [](Buffer &b) { return b.size; })
      .def("upload",
           [](Buffer &b, nb::handle src, size_t offset) {
             View v(src, false);
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_buffer_upload(b.h, offset, v.buf.buf,
                                      static_cast<size_t>(v.buf.len));
             }
             check(s);
           })
      .def("download",
           [](Buffer &b, nb::handle dst, size_t offset) {
             View v(dst, true);
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_buffer_download(b.h, offset, v.buf.buf,
                                        static_cast<size_t>(v.buf.len));
             }
             check(s);
           })
      .def("copy_from",
           [](Buffer &dst, size_t dstOffset, Buffer &src, size_t srcOffset,
              size_t size) {
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_buffer_copy(dst.h, dstOffset, src.h, srcOffset, size);
             }
             check(s);
           })
      .def("native_handle",
           [](Buffer &b) {
             uint64_t handle = 0;
             check(kgpu_buffer_get_native_handle(b.h, &handle));
             return handle;
           })
      .def_static(
          "wrap",
          [](Device &d, uint64_t handle, size_t size, nb::object owner) {
            kgpu_buffer b = nullptr;
            check(kgpu_buffer_create_external(d.h, handle, size, &b));
            Buffer *r = new Buffer(b, size);
            r->owner = std::move(owner);
            return r;
          })
      .def(
          "dlpack_view",
          [](Buffer &b, nb::handle self, int type,
             std::vector<size_t> shape, int deviceType, int deviceId) {
            uint64_t handle = 0;
            check(kgpu_buffer_get_native_handle(b.h, &handle));
            // The ndarray's owner is the Python Buffer: the memory lives as
            // long as a consumer holds the capsule.
            nb::ndarray<> a(reinterpret_cast<void *>(handle), shape.size(),
                            shape.data(), self, nullptr, dtypeOf(type),
                            deviceType, deviceId);
            return a;
          });

  // Tensors from DLPack producers (torch, cupy, numpy): their pointer,
  // device, shape, strides and dtype.
  m.def("dlpack_info", [](nb::ndarray<> a) {
    std::vector<int64_t> shape, strides;
    for (size_t i = 0; i < a.ndim(); ++i) {
      shape.push_back(a.shape(i));
      strides.push_back(a.stride(i));
    }
    nb::dlpack::dtype t = a.dtype();
    return nb::make_tuple(reinterpret_cast<uintptr_t>(a.data()),
                          a.device_type(), a.device_id(), shape, strides,
                          int(t.code), int(t.bits), int(t.lanes));
  });

  // Queues and events.
  nb::class_<Event>(m, "Event")
      .def("wait",
           [](Event &e) {
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_event_wait(e.h);
             }
             check(s);
           })
      .def("query",
           [](Event &e) {
             kgpu_status s = kgpu_event_query(e.h);
             if (s == KGPU_ERROR_NOT_READY)
               return false;
             check(s);
             return true;
           })
      .def("elapsed_ns", [](Event &e) {
        uint64_t ns = 0;
        kgpu_status s;
        {
          nb::gil_scoped_release unlock;
          s = kgpu_event_elapsed_ns(e.h, &ns);
        }
        check(s);
        return ns;
      });
  nb::class_<Queue>(m, "Queue")
      .def_static("create",
                  [](Device &d) {
                    kgpu_queue q = nullptr;
                    check(kgpu_queue_create(d.h, &q));
                    return new Queue(q);
                  })
      .def("finish", [](Queue &q) {
        kgpu_status s;
        {
          nb::gil_scoped_release unlock;
          s = kgpu_queue_finish(q.h);
        }
        check(s);
      });

  // Modules and kernels.
  nb::class_<Kernel>(m, "Kernel")
      .def("info",
           [](Kernel &k) {
             kgpu_kernel_info i;
             check(kgpu_kernel_get_info(k.h, &i));
             nb::dict d;
             d["name"] = std::string(i.name);
             d["param_count"] = i.param_count;
             d["model"] = i.model == KGPU_LAUNCH_PARALLEL_LOOP
                              ? "parallel_loop"
                              : "ndrange";
             d["dims"] = i.dims;
             d["workgroup_size"] = nb::make_tuple(
                 i.workgroup_size[0], i.workgroup_size[1], i.workgroup_size[2]);
             d["workgroup_size_fixed"] = bool(i.workgroup_size_fixed);
             d["local_memory_bytes"] = i.local_memory_bytes;
             d["uses_subgroups"] = bool(i.uses_subgroups);
             d["reduction_count"] = i.reduction_count;
             d["subgroup_size"] = i.subgroup_size;
             return d;
           })
      .def("params",
           [](Kernel &k) {
             kgpu_kernel_info i;
             check(kgpu_kernel_get_info(k.h, &i));
             nb::list out;
             for (uint32_t p = 0; p < i.param_count; ++p) {
               kgpu_param_info pi;
               check(kgpu_kernel_get_param(k.h, p, &pi));
               nb::list shape;
               for (uint32_t r = 0; r < pi.rank && pi.shape; ++r)
                 shape.append(pi.shape[r]);
               out.append(nb::make_tuple(
                   std::string(pi.name), pi.index,
                   pi.kind == KGPU_PARAM_BUFFER ? "buffer" : "scalar",
                   static_cast<int>(pi.type),
                   pi.access == KGPU_ACCESS_READ    ? "read"
                   : pi.access == KGPU_ACCESS_WRITE ? "write"
                                                    : "read_write",
                   nb::tuple(shape)));
             }
             return out;
           })
      .def("dispatch_params",
           [](Kernel &k) {
             uint32_t count = 0, idx[3] = {0, 0, 0};
             check(kgpu_kernel_get_dispatch_params(k.h, &count, idx));
             std::vector<uint32_t> r(idx, idx + count);
             return r;
           })
      .def("launch_sync",
           [](Kernel &k, const ArgList &in, Dims grid, Dims local) {
             std::vector<kgpu_arg> args = makeArgs(in);
             kgpu_launch_config config = makeConfig(grid, local);
             uint64_t ns = 0;
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_launch_sync(k.h, args.data(),
                                    static_cast<uint32_t>(args.size()), &config,
                                    &ns);
             }
             check(s);
             return ns;
           })
      .def("launch",
           [](Kernel &k, Queue &q, const ArgList &in, Dims grid, Dims local) {
             std::vector<kgpu_arg> args = makeArgs(in);
             kgpu_launch_config config = makeConfig(grid, local);
             kgpu_event e = nullptr;
             kgpu_status s;
             {
               nb::gil_scoped_release unlock;
               s = kgpu_launch(q.h, k.h, args.data(),
                               static_cast<uint32_t>(args.size()), &config, &e);
             }
             check(s);
             return new Event(e);
           });

  nb::class_<Module>(m, "Module")
      .def_static(
          "load_file",
          [](Device *d, const std::string &path) {
            kgpu_module mod = nullptr;
            kgpu_status s;
            {
              nb::gil_scoped_release unlock;
              s = kgpu_module_load_file(d ? d->h : nullptr, path.c_str(), &mod);
            }
            check(s);
            return new Module(mod);
          },
          nb::arg("device").none(), nb::arg("path"))
      .def_static(
          "load_memory",
          [](Device *d, nb::bytes data) {
            kgpu_module mod = nullptr;
            kgpu_status s;
            const char *p = data.c_str();
            size_t n = data.size();
            {
              nb::gil_scoped_release unlock;
              s = kgpu_module_load_memory(d ? d->h : nullptr, p, n, &mod);
            }
            check(s);
            return new Module(mod);
          },
          nb::arg("device").none(), nb::arg("data"))
      .def("kernel_count",
           [](Module &mod) {
             uint32_t n = 0;
             check(kgpu_module_kernel_count(mod.h, &n));
             return n;
           })
      .def(
          "kernel",
          [](Module &mod, const std::string &name) {
            kgpu_kernel k = nullptr;
            kgpu_status s;
            {
              nb::gil_scoped_release unlock;
              s = kgpu_module_get_kernel(mod.h, name.c_str(), &k);
            }
            check(s);
            return new Kernel(k);
          },
          nb::keep_alive<0, 1>())
      .def(
          "kernel_by_index",
          [](Module &mod, uint32_t index) {
            kgpu_kernel k = nullptr;
            kgpu_status s;
            {
              nb::gil_scoped_release unlock;
              s = kgpu_module_get_kernel_by_index(mod.h, index, &k);
            }
            check(s);
            return new Kernel(k);
          },
          nb::keep_alive<0, 1>());

  // Compilation. Returns (succeeded, data or None, [(file, line, column,
  // severity, message)], rendered text).
  m.def(
      "compile",
      [](nb::bytes source, const std::string &name, bool isFile,
         const std::string &emit, const std::string &targets,
         const std::string &kernel, const std::string &fpContract,
         const std::string &language, const std::string &chip) {
        const CompilerAPI &C = compiler();
        kgpuc_options o = nullptr;
        checkc(C.kgpuc_options_create(&o), "kgpuc_options_create");
        struct Guard {
          const CompilerAPI *c;
          kgpuc_options o;
          kgpuc_result r = nullptr;
          ~Guard() {
            c->kgpuc_result_destroy(r);
            c->kgpuc_options_destroy(o);
          }
        } g{&C, o};
        if (!emit.empty())
          checkc(C.kgpuc_options_set_emit(o, emit.c_str()), "emit");
        if (!targets.empty())
          checkc(C.kgpuc_options_set_targets(o, targets.c_str()), "targets");
        if (!kernel.empty())
          checkc(C.kgpuc_options_set_kernel(o, kernel.c_str()), "kernel");
        if (!fpContract.empty())
          checkc(C.kgpuc_options_set_fp_contract(o, fpContract.c_str()),
                 "fp_contract");
        if (!language.empty())
          checkc(C.kgpuc_options_set_language(o, language.c_str()), "language");
        if (!chip.empty())
          checkc(C.kgpuc_options_set_chip(o, chip.c_str()), "chip");
        kgpuc_status s;
        {
          const char *p = source.c_str();
          size_t n = source.size();
          nb::gil_scoped_release unlock;
          s = isFile ? C.kgpuc_compile_file(o, name.c_str(), &g.r)
                     : C.kgpuc_compile_buffer(o, p, n, name.c_str(), &g.r);
        }
        if (!g.r)
          checkc(s == KGPUC_SUCCESS ? KGPUC_ERROR_IO : s, "compile");
        nb::list diags;
        size_t nd = C.kgpuc_result_num_diagnostics(g.r);
        static const char *const kSeverity[] = {"error", "warning", "note",
                                                "remark"};
        for (size_t i = 0; i < nd; ++i) {
          kgpuc_diagnostic d;
          if (C.kgpuc_result_diagnostic(g.r, i, &d) != KGPUC_SUCCESS)
            continue;
          unsigned sev = static_cast<unsigned>(d.severity);
          diags.append(nb::make_tuple(std::string(d.file ? d.file : ""),
                                      d.line, d.column,
                                      sev < 4 ? kSeverity[sev] : "error",
                                      std::string(d.message ? d.message : "")));
        }
        std::string text = C.kgpuc_result_diagnostic_text(g.r);
        bool ok = C.kgpuc_result_succeeded(g.r);
        nb::object data = nb::none();
        if (ok) {
          size_t size = 0;
          const void *bytes = C.kgpuc_result_data(g.r, &size);
          data = nb::bytes(static_cast<const char *>(bytes), size);
        }
        std::string message = ok ? "" : C.kgpuc_last_error_message();
        return nb::make_tuple(ok, data, diags, text, message);
      },
      nb::arg("source"), nb::arg("name"), nb::arg("is_file"),
      nb::arg("emit") = "", nb::arg("targets") = "", nb::arg("kernel") = "",
      nb::arg("fp_contract") = "", nb::arg("language") = "",
      nb::arg("chip") = "");
}
