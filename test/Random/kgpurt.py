#!/usr/bin/env python3
"""Runs every kernel of a kgcgen bundle on one device through the C API of
libkgpu_runtime (ctypes), in one process: one device, one module load, the
same buffers for every kernel (kgpu-run would start a process, a device and
a module per kernel).

  kgpurt.py LIBKGPU_RUNTIME BUNDLE DEVICE INPUTS RESULTS [KERNEL...]

For each kernel (all of the bundle's, in kgcgen's order, or the ones named)
it resets the buffers, launches NG work-groups of WG work-items (LX x WG/LX
for the 2-D kernels that BUNDLE's .launch file names), appends the
output buffers to RESULTS (one kgcgen result record per kernel, the layout
of the C twin's result_t) and prints `NAME ok SUBGROUP_SIZE` or
`NAME error MESSAGE` (flushed, so a crash is pinned to its kernel).
"""

import ctypes as C
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kgcgen as G  # noqa: E402

TYPE = {"int": 4, "uint": 4, "long": 5, "ulong": 5, "float": 8, "double": 9}
ARG_BUFFER, ARG_SCALAR = 1, 2


class ArgValue(C.Union):
    _fields_ = [("i32", C.c_int32), ("i64", C.c_int64), ("f32", C.c_float),
                ("f64", C.c_double), ("bits", C.c_uint64)]


class Arg(C.Structure):
    _fields_ = [("name", C.c_char_p), ("kind", C.c_int), ("type", C.c_int),
                ("buffer", C.c_void_p), ("value", ArgValue)]


class LaunchConfig(C.Structure):
    _fields_ = [("grid", C.c_uint32 * 3), ("local", C.c_uint32 * 3)]


class KernelInfo(C.Structure):
    _fields_ = [("name", C.c_char_p), ("param_count", C.c_uint32),
                ("model", C.c_int), ("dims", C.c_uint32),
                ("workgroup_size", C.c_uint32 * 3),
                ("local_memory_bytes", C.c_uint64), ("uses_subgroups", C.c_int),
                ("reduction_count", C.c_uint32), ("workgroup_size_fixed", C.c_int),
                ("subgroup_size", C.c_uint32)]


BUFS = [("out", 8 * G.N * G.S), ("outf", 4 * G.N * G.S), ("outd", 8 * G.N * G.S),
        ("atom", 4 * G.NATOM), ("in", 4 * G.NIN), ("fin", 4 * G.NIN)]


def main(argv):
    lib_path, bundle, device, inputs, results = argv[1:6]
    names = argv[6:]
    lib = C.CDLL(lib_path)
    lib.kgpu_last_error_message.restype = C.c_char_p
    lib.kgpu_status_string.restype = C.c_char_p

    def check(st, what):
        if st != 0:
            raise RuntimeError("%s: %s: %s" % (what, lib.kgpu_status_string(st).decode(),
                                               lib.kgpu_last_error_message().decode()))

    dev = C.c_void_p()
    check(lib.kgpu_device_open(device.encode(), C.byref(dev)), "device " + device)
    mod = C.c_void_p()
    check(lib.kgpu_module_load_file(dev, bundle.encode(), C.byref(mod)), "load " + bundle)
    data = open(inputs, "rb").read()
    init = {"in": data[:4 * G.NIN], "fin": data[4 * G.NIN:]}
    bufs = {}
    for nm, size in BUFS:
        b = C.c_void_p()
        check(lib.kgpu_buffer_create(dev, C.c_size_t(size), C.byref(b)), "buffer")
        bufs[nm] = (b, size)
    zeros = {nm: bytes(size) for nm, size in BUFS}
    if not names:
        cnt = C.c_uint32()
        check(lib.kgpu_module_kernel_count(mod, C.byref(cnt)), "kernel count")
        for k in range(cnt.value):
            kern = C.c_void_p()
            check(lib.kgpu_module_get_kernel_by_index(mod, k, C.byref(kern)), "kernel")
            info = KernelInfo()
            check(lib.kgpu_kernel_get_info(kern, C.byref(info)), "info")
            names.append(info.name.decode())
    args = (Arg * len(G.PARAMS))()
    scal = {nm: (t, v) for nm, t, v in G.SCALARS}
    for k, (nm, t, kind) in enumerate(G.PARAMS):
        a = args[k]
        a.name = None
        if kind == "buf":
            a.kind, a.type, a.buffer = ARG_BUFFER, 0, bufs[nm][0]
        else:
            t, v = scal[nm]
            a.kind, a.type = ARG_SCALAR, TYPE[t]
            if t == "float":
                a.value.f32 = v
            elif t == "double":
                a.value.f64 = v
            else:
                a.value.bits = v & ((1 << 64) - 1)
    cfg = LaunchConfig()
    cfg.grid[0], cfg.grid[1], cfg.grid[2] = G.NG, 1, 1
    cfg.local[0], cfg.local[1], cfg.local[2] = G.WG, 1, 1
    # 2-D kernels (kgcgen's Kernel.lx): BUNDLE without .kgpu, plus .launch,
    # lists `NAME LX` (difftest.py writes it); they run LX x (WG / LX)
    shape = {}
    launch = os.path.splitext(bundle)[0] + ".launch"
    if os.path.exists(launch):
        for line in open(launch):
            if line.split():
                nm, lx = line.split()
                shape[nm] = int(lx)
    rec_size = sum(size for nm, size in BUFS if nm not in ("in", "fin"))
    with open(results, "wb") as out:
        for name in names:
            try:
                kern = C.c_void_p()
                check(lib.kgpu_module_get_kernel(mod, name.encode(), C.byref(kern)),
                      "kernel " + name)
                info = KernelInfo()
                check(lib.kgpu_kernel_get_info(kern, C.byref(info)), "info")
                lx = shape.get(name, G.WG)
                cfg.local[0], cfg.local[1] = lx, G.WG // lx
                for nm, size in BUFS:
                    src = init.get(nm, zeros[nm])
                    check(lib.kgpu_buffer_upload(bufs[nm][0], C.c_size_t(0), src,
                                                 C.c_size_t(size)), "upload")
                check(lib.kgpu_launch_sync(kern, args, len(G.PARAMS), C.byref(cfg), None),
                      "launch")
                rec = b""
                for nm, size in BUFS:
                    if nm in ("in", "fin"):
                        continue
                    dst = C.create_string_buffer(size)
                    check(lib.kgpu_buffer_download(bufs[nm][0], C.c_size_t(0), dst,
                                                   C.c_size_t(size)), "download")
                    rec += dst.raw
                out.write(rec)
                out.flush()
                print("%s ok %d" % (name, info.subgroup_size), flush=True)
            except RuntimeError as e:
                out.write(bytes(rec_size))
                out.flush()
                print("%s error %s" % (name, str(e).replace("\n", " ")), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
