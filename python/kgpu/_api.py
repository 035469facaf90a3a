"""The kgpu package: compile kernels and launch them on NumPy arrays and
device buffers (docs/python.md)."""

from __future__ import annotations

import hashlib
import json
import math
import os
import struct
import threading
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _kgpu
from ._errors import ArgumentError, CompileError, Diagnostic, KgpuError

_kgpu._set_error_class(KgpuError)

# kgpu_type (kgpu/runtime.h).
_TYPE_NAMES = {1: "i1", 2: "i8", 3: "i16", 4: "i32", 5: "i64", 6: "f16",
               7: "bf16", 8: "f32", 9: "f64", 10: "index"}
_INT_TYPES = {1: 1, 2: 8, 3: 16, 4: 32, 5: 64, 10: 64}  # type -> bits
_FLOAT_TYPES = {6, 7, 8, 9}
# The NumPy dtypes an array argument may have, per element type (the first
# is the one kgpu allocates): kgc `uint` is i32 data, so both signednesses
# are accepted for integers; bf16 travels as its 16-bit pattern.
_DTYPES = {
    1: (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8)),
    2: (np.dtype(np.int8), np.dtype(np.uint8)),
    3: (np.dtype(np.int16), np.dtype(np.uint16)),
    4: (np.dtype(np.int32), np.dtype(np.uint32)),
    5: (np.dtype(np.int64), np.dtype(np.uint64)),
    6: (np.dtype(np.float16), np.dtype(np.uint16)),
    7: (np.dtype(np.uint16),),
    8: (np.dtype(np.float32),),
    9: (np.dtype(np.float64),),
    10: (np.dtype(np.int64), np.dtype(np.uint64)),
}
_LAUNCH_OPTIONS = ("grid", "local", "device", "wait", "dispatch", "size")


def _dims(value, what: str) -> Tuple[int, int, int]:
    """An int or a 1-3 tuple of positive ints -> a 3-tuple (missing = 1)."""
    if value is None:
        return (0, 0, 0)
    if type(value) is int and 0 < value <= 0xFFFFFFFF:
        return (value, 1, 1)
    if isinstance(value, (int, np.integer)):
        value = (int(value),)
    try:
        items = [int(v) for v in value]
    except (TypeError, ValueError):
        raise ArgumentError(f"{what}= takes an int or a tuple of 1 to 3 ints, "
                            f"got {value!r}") from None
    if not 1 <= len(items) <= 3 or any(v <= 0 or v > 0xFFFFFFFF for v in items):
        raise ArgumentError(f"{what}= takes 1 to 3 positive extents below 2^32, "
                            f"got {value!r}")
    return tuple(items + [1] * (3 - len(items)))  # type: ignore[return-value]


#===------------------------------------------------------------------===#
# Devices
#===------------------------------------------------------------------===#


class Device:
    """A device of the runtime: the CPU, a Vulkan device or a CUDA GPU.

    ``Device()`` or ``Device("default")`` is the runtime's choice (the
    ``KGPU_DEVICE`` environment variable if set, else the best device);
    ``Device("cpu")``, ``Device("vulkan:0")``, ``Device("cuda")`` name one.
    There is one Device object per device: equal specs give the same object.
    """

    _lock = threading.Lock()
    _by_key: Dict[Tuple[str, int], "Device"] = {}

    def __new__(cls, spec: Union[str, "Device", None] = None) -> "Device":
        if isinstance(spec, Device):
            return spec
        if spec is not None and not isinstance(spec, str):
            raise TypeError(f"a device spec is a string such as 'cpu', "
                            f"'vulkan:0' or 'cuda', got {spec!r}")
        handle = _kgpu.Device.open("" if spec in (None, "default") else spec)
        info = handle.info()
        return cls._get(info, handle)

    @classmethod
    def _get(cls, info: dict, handle=None) -> "Device":
        key = (info["backend"], info["index"])
        with cls._lock:
            dev = cls._by_key.get(key)
            if dev is None:
                dev = object.__new__(cls)
                dev._info = info
                dev._handle = None
                dev._local = threading.local()
                cls._by_key[key] = dev
            if dev._handle is None and handle is not None:
                dev._handle = handle
                dev._info = info
        return dev

    def _open(self):
        h = self._handle
        if h is None:
            with Device._lock:
                if self._handle is None:
                    self._handle = _kgpu.Device.open(self.spec)
                h = self._handle
        return h

    def _queue(self):
        """A queue for asynchronous launches (one per device and thread)."""
        q = getattr(self._local, "queue", None)
        if q is None:
            q = self._local.queue = _kgpu.Queue.create(self._open())
        return q

    @property
    def name(self) -> str:
        """The device's name (``"NVIDIA H200"``, ``"llvmpipe (...)"``...)."""
        return self._info["name"]

    @property
    def api(self) -> str:
        """The backend: ``"cpu"``, ``"cuda"`` or ``"vulkan"``."""
        return self._info["backend"]

    backend = api

    @property
    def index(self) -> int:
        """The device's index within its backend."""
        return self._info["index"]

    @property
    def spec(self) -> str:
        """The spec that names this device: ``"cpu"``, ``"vulkan:0"``..."""
        return "cpu" if self.api == "cpu" else f"{self.api}:{self.index}"

    @property
    def is_software(self) -> bool:
        """True for the CPU backend and software Vulkan drivers (lavapipe)."""
        return self._info["is_software"]

    @property
    def limits(self) -> Dict[str, Any]:
        """The device's limits: max_workgroup_size, max_workgroup_invocations,
        max_grid, max_local_memory_bytes, subgroup_size, compute_units,
        memory_bytes (0 where unknown)."""
        return {k: v for k, v in self._info.items()
                if k not in ("backend", "index", "name", "is_software")}

    def synchronize(self) -> None:
        """Waits for all work submitted to the device."""
        self._open().synchronize()

    def __repr__(self) -> str:
        return f"kgpu.Device({self.spec!r}, name={self.name!r})"


def devices() -> List[Device]:
    """Every device of every available backend, in the runtime's order:
    CUDA devices, then Vulkan devices, then the CPU (always there)."""
    return [Device._get(_kgpu.device_describe(i))
            for i in range(_kgpu.device_count())]


def default_device() -> Device:
    """The device the runtime chooses: ``KGPU_DEVICE`` if set, else a CUDA
    GPU, then a hardware Vulkan device, then the CPU."""
    return Device(None)


def _device(device) -> Device:
    if type(device) is Device:
        return device
    return default_device() if device is None else Device(device)


#===------------------------------------------------------------------===#
# Buffers
#===------------------------------------------------------------------===#


class Buffer:
    """Device memory that stays on the device between launches.

    Made by :func:`asarray`, :func:`empty`, :func:`zeros` or
    :func:`from_dlpack`; passed to a launch in place of a NumPy array (no
    copy); read back with :meth:`numpy`. Supports DLPack
    (``torch.from_dlpack(buf)``) on the CPU and CUDA devices.
    """

    def __init__(self, raw, device: Device, dtype, shape: Tuple[int, ...]):
        self._raw = raw
        self.device = device
        self.dtype = np.dtype(dtype)
        self.shape = tuple(int(s) for s in shape)
        self._count = int(math.prod(self.shape))
        self._external = False  # wraps a DLPack tensor's memory

    @property
    def size(self) -> int:
        """The number of elements."""
        return self._count

    @property
    def nbytes(self) -> int:
        return self._raw.size

    def __len__(self) -> int:
        return self.shape[0] if self.shape else 1

    def numpy(self) -> np.ndarray:
        """A NumPy copy of the buffer's contents."""
        out = np.empty(self.shape, self.dtype)
        self._raw.download(out, 0)
        return out

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    def copy_from(self, array) -> None:
        """Uploads ``array`` (same number of bytes) into the buffer."""
        a = np.ascontiguousarray(array, dtype=self.dtype)
        if a.nbytes != self.nbytes:
            raise ValueError(f"the buffer holds {self.nbytes} bytes, the array "
                             f"{a.nbytes}")
        self._raw.upload(a, 0)

    def __dlpack_device__(self) -> Tuple[int, int]:
        if self.device.api == "cpu":
            return (1, 0)
        if self.device.api == "cuda":
            return (2, self.device.index)
        raise BufferError(f"buffers of the Vulkan device '{self.device.name}' "
                          "cannot be shared through DLPack (use .numpy())")

    def __dlpack__(self, stream=None, max_version=None, dl_device=None,
                   copy=None):
        dev_type, dev_id = self.__dlpack_device__()
        if copy:
            raise BufferError("kgpu buffers are shared without a copy; "
                              "copy=True is not supported")
        # Work submitted to the device has finished when launches return;
        # asynchronous ones are waited for here, so any stream may read.
        self.device.synchronize()
        # nanobind hands the view over as a DLPack capsule ("dltensor") whose
        # deleter releases this Buffer.
        return self._raw.dlpack_view(self, _type_of_dtype(self.dtype),
                                     list(self.shape), dev_type, dev_id)

    def __repr__(self) -> str:
        return (f"kgpu.Buffer(shape={self.shape}, dtype={self.dtype}, "
                f"device={self.device.spec!r})")


def _type_of_dtype(dtype: np.dtype) -> int:
    for t, dts in _DTYPES.items():
        if dtype == dts[0] and t not in (10,):
            return t
    for t, dts in _DTYPES.items():
        if dtype in dts:
            return t
    raise TypeError(f"no kgpu element type for {dtype}")


def empty(shape, dtype=np.float32, device=None) -> Buffer:
    """A new device buffer (zero-filled by the runtime)."""
    dev = _device(device)
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dtype = np.dtype(dtype)
    nbytes = int(math.prod(shape)) * dtype.itemsize
    if nbytes <= 0:
        raise ValueError("a kgpu buffer holds at least one element")
    return Buffer(_kgpu.Buffer.create(dev._open(), nbytes), dev, dtype, shape)


zeros = empty


def asarray(obj, device=None, dtype=None) -> Buffer:
    """A device buffer holding ``obj``: a Buffer (returned as is when on the
    device), a DLPack tensor (see :func:`from_dlpack`) or anything NumPy
    converts (copied to the device)."""
    dev = _device(device)
    if isinstance(obj, Buffer):
        if obj.device is dev and (dtype is None or np.dtype(dtype) == obj.dtype):
            return obj
        obj = obj.numpy()
    elif not isinstance(obj, np.ndarray) and hasattr(obj, "__dlpack__"):
        return from_dlpack(obj, device=dev)
    a = np.ascontiguousarray(obj, dtype=dtype)
    if a.size == 0:
        raise ValueError("a kgpu buffer holds at least one element")
    buf = Buffer(_kgpu.Buffer.create(dev._open(), a.nbytes), dev, a.dtype,
                 a.shape)
    buf._raw.upload(a, 0)
    return buf


_DL_DTYPES = {(0, 8): np.int8, (0, 16): np.int16, (0, 32): np.int32,
              (0, 64): np.int64, (1, 8): np.uint8, (1, 16): np.uint16,
              (1, 32): np.uint32, (1, 64): np.uint64, (2, 16): np.float16,
              (2, 32): np.float32, (2, 64): np.float64, (6, 8): np.bool_,
              (4, 16): np.uint16}


def from_dlpack(obj, device=None) -> Buffer:
    """A Buffer over a DLPack tensor (PyTorch, CuPy, NumPy...), without a
    copy where the memory is the device's: a CUDA tensor on a CUDA device
    (the buffer's data pointer is the tensor's), a host tensor on the CPU
    device. A host tensor for another device is copied there. The tensor
    must be C-contiguous; the buffer keeps it alive."""
    ptr, dev_type, dev_id, shape, strides, code, bits, lanes = \
        _kgpu.dlpack_info(obj)
    dt = _DL_DTYPES.get((code, bits))
    if dt is None or lanes != 1:
        raise TypeError(f"no kgpu element type for the DLPack dtype "
                        f"(code {code}, {bits} bits, {lanes} lanes)")
    dtype = np.dtype(dt)
    expect = 1
    for extent, stride in zip(reversed(shape), reversed(strides)):
        if extent != 1 and stride != expect:
            raise ValueError("from_dlpack needs a C-contiguous tensor "
                             "(call .contiguous() first)")
        expect *= extent
    nbytes = int(math.prod(shape)) * dtype.itemsize
    if nbytes == 0:
        raise ValueError("a kgpu buffer holds at least one element")
    if device is None:
        device = f"cuda:{dev_id}" if dev_type in (2, 13) else "cpu"
    dev = Device(device)
    host = dev_type in (1, 3)
    if (dev.api == "cuda" and dev_type in (2, 13)) or (dev.api == "cpu" and host):
        if dev.api == "cuda" and dev_id != dev.index:
            raise ValueError(f"the tensor is on CUDA device {dev_id}, not on "
                             f"{dev.spec}")
        raw = _kgpu.Buffer.wrap(dev._open(), ptr, nbytes, obj)
        buf = Buffer(raw, dev, dtype, tuple(shape))
        buf._external = True
        return buf
    if host:
        return asarray(np.from_dlpack(obj) if hasattr(np, "from_dlpack")
                       else np.asarray(obj), device=dev)
    raise ValueError(f"a tensor in device memory (DLPack device type "
                     f"{dev_type}) cannot be used on the {dev.api} device "
                     f"'{dev.name}'")


#===------------------------------------------------------------------===#
# Launch records
#===------------------------------------------------------------------===#


class LaunchRecord:
    """What a launch gives back: ``time_ns`` (the kernel's execution time,
    device timestamps where the device has them), ``grid`` and ``local``
    as launched (``(0, 0, 0)``: the runtime's choice), the ``device``, and
    ``outputs``: every written argument by parameter name (the NumPy array
    or Buffer passed, or the array kgpu allocated for an omitted reduction
    output). ``result`` is that allocated reduction output (a scalar when
    it has one element), else None."""

    def __init__(self, kernel: str, device: Device, time_ns: int,
                 grid, local, outputs: Dict[str, Any], result=None):
        self.kernel = kernel
        self.device = device
        self.time_ns = int(time_ns)
        self.grid = tuple(grid)
        self.local = tuple(local)
        self.outputs = outputs
        self.result = result

    @property
    def time(self) -> float:
        """The kernel time in seconds."""
        return self.time_ns * 1e-9

    def __repr__(self) -> str:
        return (f"LaunchRecord(kernel={self.kernel!r}, device={self.device.spec!r}, "
                f"time_ns={self.time_ns}, grid={self.grid})")


class Launch:
    """An asynchronous launch (``wait=False``): :meth:`wait` blocks until
    it finished, copies written arrays back and returns the LaunchRecord;
    :meth:`done` polls. The arrays passed must not be used until then."""

    def __init__(self, event, finish):
        self.event = event
        self._finish = finish
        self._record: Optional[LaunchRecord] = None

    def done(self) -> bool:
        return self._record is not None or self.event.query()

    def wait(self) -> LaunchRecord:
        if self._record is None:
            self.event.wait()
            self._record = self._finish(self.event.elapsed_ns())
        return self._record


#===------------------------------------------------------------------===#
# Kernels
#===------------------------------------------------------------------===#


class Param:
    """A kernel parameter from the manifest."""

    __slots__ = ("name", "index", "kind", "type", "access", "shape")

    def __init__(self, name, index, kind, type_, access, shape):
        self.name, self.index, self.kind = name, index, kind
        self.type, self.access, self.shape = type_, access, tuple(shape)

    @property
    def type_name(self) -> str:
        return _TYPE_NAMES.get(self.type, "?")

    @property
    def dtype(self) -> np.dtype:
        """The NumPy dtype kgpu uses for it."""
        return _DTYPES[self.type][0]

    def describe(self) -> str:
        if self.kind == "buffer":
            s = f"'{self.name}' (buffer of {self.type_name}"
            if self.shape and any(d >= 0 for d in self.shape):
                s += ", shape " + "x".join("?" if d < 0 else str(d)
                                           for d in self.shape)
            return s + f", {self.access})"
        return f"'{self.name}' (scalar {self.type_name})"

    def __repr__(self) -> str:
        return f"Param{self.describe()}"


def _static_count(p: Param) -> Optional[int]:
    if p.shape and all(d >= 0 for d in p.shape):
        return int(math.prod(p.shape))
    return None


_IDENTITY = {"add": 0, "mul": 1, "or": 0, "xor": 0}


def _identity(op: str, dtype: np.dtype):
    if op in _IDENTITY:
        return _IDENTITY[op]
    if op == "and":
        return ~0 if dtype.kind in "iu" else None
    if op == "min":
        return np.inf if dtype.kind == "f" else np.iinfo(dtype).max
    if op == "max":
        return -np.inf if dtype.kind == "f" else np.iinfo(dtype).min
    return None


_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")


def _scalar_bits(p: Param, value) -> int:
    """The little-endian bits of a scalar argument, or ArgumentError."""
    t = p.type
    # Fast paths: a Python int for an integer, a float for f32.
    if type(value) is int and t in _INT_TYPES and t != 1:
        bits = _INT_TYPES[t]
        if -(1 << (bits - 1)) <= value < (1 << bits):
            return value & ((1 << bits) - 1)
    elif type(value) is float and t == 8:
        try:
            return _U32.unpack(_F32.pack(value))[0]
        except OverflowError:
            pass
    if isinstance(value, (Buffer, np.ndarray, list, tuple, str, bytes)) or \
            value is None:
        raise ArgumentError(f"parameter {p.describe()} takes a number, got "
                            f"{type(value).__name__}", p.name)
    if t == 1:
        if isinstance(value, (bool, np.bool_)) or value in (0, 1):
            return 1 if value else 0
        raise ArgumentError(f"parameter {p.describe()} takes a bool, got "
                            f"{value!r}", p.name)
    if t in _INT_TYPES:
        if isinstance(value, (float, np.floating)) or not hasattr(value, "__index__"):
            raise ArgumentError(f"parameter {p.describe()} takes an integer, "
                                f"got {type(value).__name__} {value!r}", p.name)
        v = int(value)
        bits = _INT_TYPES[t]
        if not -(1 << (bits - 1)) <= v < (1 << bits):
            raise ArgumentError(f"parameter {p.describe()}: {v} is out of range "
                                f"(-{1 << (bits - 1)} to {(1 << bits) - 1})",
                                p.name)
        return v & ((1 << bits) - 1)
    try:
        f = float(value)
    except (TypeError, ValueError):
        raise ArgumentError(f"parameter {p.describe()} takes a number, got "
                            f"{type(value).__name__}", p.name) from None
    if t == 9:
        return struct.unpack("<Q", struct.pack("<d", f))[0]
    if t == 8:
        try:
            return struct.unpack("<I", struct.pack("<f", f))[0]
        except OverflowError:
            raise ArgumentError(f"parameter {p.describe()}: {f!r} is out of the "
                                f"range of f32", p.name) from None
    if t == 6:
        with np.errstate(over="ignore"):
            h = np.float16(f)
        if np.isinf(h) and not math.isinf(f):
            raise ArgumentError(f"parameter {p.describe()}: {f!r} is out of the "
                                f"range of f16", p.name)
        return int(h.view(np.uint16))
    # bf16: round to nearest even from f32.
    x = struct.unpack("<I", struct.pack("<f", f))[0]
    if (x & 0x7FFFFFFF) > 0x7F800000:
        return (x >> 16) | 0x40
    return ((x + 0x7FFF + ((x >> 16) & 1)) >> 16) & 0xFFFF


class _Prepared:
    """One launch's arguments on one device."""

    __slots__ = ("args", "keep", "copy_back", "outputs", "result")

    def __init__(self):
        self.args: List[tuple] = []
        self.keep: List[Any] = []
        self.copy_back: List[Tuple[Any, np.ndarray, Optional[np.ndarray]]] = []
        self.outputs: Dict[str, Any] = {}
        self.result = None


class Kernel:
    """A kernel of a bundle. Call it with the kernel's arguments, by
    position or by name, and launch options as keywords::

        bundle.saxpy(n, 2.0, x, y, grid=(n + 255) // 256)

    Launch options (keywords; a kernel parameter of the same name takes
    precedence, see :meth:`launch`): ``grid`` (work-groups, an int or 1-3
    tuple), ``local`` (work-group size), ``dispatch`` (alias ``size``: the
    dispatch size of a Kernelin-style kernel, filling its size parameters
    and deriving the grid), ``device`` (a Device or a spec string), ``wait``
    (False: an asynchronous launch, returns a :class:`Launch`).
    """

    def __init__(self, bundle: "Bundle", name: str, raw_manifest_kernel,
                 manifest: dict):
        self.bundle = bundle
        self.name = name
        info = raw_manifest_kernel.info()
        self.model: str = info["model"]
        self.dims: int = info["dims"]
        self.workgroup_size: Tuple[int, int, int] = info["workgroup_size"]
        self.workgroup_size_fixed: bool = info["workgroup_size_fixed"]
        self.local_memory_bytes: int = info["local_memory_bytes"]
        self.params: List[Param] = [Param(*p) for p in raw_manifest_kernel.params()]
        self._by_name = {p.name: p for p in self.params}
        self.dispatch_params: List[Param] = [
            self.params[i] for i in raw_manifest_kernel.dispatch_params()]
        self.reductions: List[dict] = list(manifest.get("reductions") or [])
        # Precomputed for the launch path.
        self._nparams = len(self.params)
        self._accepted = [frozenset(_DTYPES[p.type]) if p.kind == "buffer" else None
                          for p in self.params]
        self._static = [_static_count(p) if p.kind == "buffer" else None
                        for p in self.params]
        self.location = manifest.get("location")
        self.__doc__ = self._signature()
        self._raw: Dict[Device, Any] = {}
        self._lock = threading.Lock()

    def _signature(self) -> str:
        ps = ", ".join(f"{p.name}: {p.type_name}{'[]' if p.kind == 'buffer' else ''}"
                       for p in self.params)
        return f"{self.name}({ps})  [{self.model}, {self.dims}D]"

    def __repr__(self) -> str:
        return f"<kgpu.Kernel {self._signature()}>"

    def _on(self, dev: Device):
        raw = self._raw.get(dev)
        if raw is None:
            with self._lock:
                raw = self._raw.get(dev)
                if raw is None:
                    raw = self.bundle._module(dev).kernel(self.name)
                    self._raw[dev] = raw
        return raw

    def __call__(self, *args, **kwargs):
        opts = {k: kwargs.pop(k) for k in _LAUNCH_OPTIONS
                if k in kwargs and k not in self._by_name}
        return self.launch(args, kwargs, **opts)

    def launch(self, args: Sequence[Any] = (), kwargs: Optional[Dict[str, Any]] = None,
               *, grid=None, local=None, dispatch=None, size=None, device=None,
               wait: bool = True):
        """Launches the kernel with ``args`` (by position) and ``kwargs``
        (by parameter name); returns a :class:`LaunchRecord`, or a
        :class:`Launch` with ``wait=False``."""
        dev = _device(device)
        params = self.params
        if len(args) > self._nparams:
            raise ArgumentError(
                f"kernel '{self.name}' takes {len(params)} argument"
                f"{'' if len(params) == 1 else 's'} ({self._names()}), got "
                f"{len(args)} positional")
        if (kwargs or len(args) < self._nparams or dispatch is not None or
                size is not None or (self.dispatch_params and grid is None)):
            return self._launch_general(dev, args, kwargs or {}, grid, local,
                                        dispatch, size, wait)
        return self._launch_bound(dev, args, {}, grid, local, wait)

    def _launch_general(self, dev, args, kwargs, grid, local, dispatch, size, wait):
        params = self.params
        bound: Dict[int, Any] = {i: a for i, a in enumerate(args)}
        for name, value in kwargs.items():
            p = self._by_name.get(name)
            if p is None:
                raise ArgumentError(f"kernel '{self.name}' has no parameter "
                                    f"'{name}' (parameters: {self._names()})",
                                    name)
            if p.index in bound:
                raise ArgumentError(f"parameter {p.describe()} is given twice "
                                    f"(by position and by name)", name)
            bound[p.index] = value
        if size is not None and dispatch is None:
            dispatch = size
        # Dispatch sizes (Kernelin-style kernels).
        dvalues: Optional[List[int]] = None
        if dispatch is not None:
            if not self.dispatch_params:
                raise ArgumentError(f"dispatch=: kernel '{self.name}' has no "
                                    "dispatch size parameters; give the "
                                    "arguments and grid=")
            dv = [dispatch] if isinstance(dispatch, (int, np.integer)) else list(dispatch)
            if len(dv) != len(self.dispatch_params):
                raise ArgumentError(
                    f"dispatch=: kernel '{self.name}' takes "
                    f"{len(self.dispatch_params)} dispatch size value(s) "
                    f"({', '.join(p.name for p in self.dispatch_params)}), "
                    f"got {len(dv)}")
            for p, v in zip(self.dispatch_params, dv):
                if p.index in bound:
                    raise ArgumentError(f"parameter {p.describe()} is set by "
                                        "dispatch= and given as an argument",
                                        p.name)
                bound[p.index] = v
        if self.dispatch_params and all(p.index in bound for p in self.dispatch_params):
            try:
                dvalues = [int(bound[p.index]) for p in self.dispatch_params]
            except (TypeError, ValueError):
                dvalues = None
        # Omitted reduction outputs: allocated with the operator's identity.
        auto: Dict[int, np.ndarray] = {}
        for p in params:
            if p.index in bound or p.kind != "buffer":
                continue
            reds = [r for r in self.reductions if r.get("param") == p.index]
            ops = {r.get("operator") for r in reds}
            if len(reds) == 1:
                ident = _identity(reds[0].get("operator"), p.dtype)
                if ident is not None:
                    arr = np.full(_static_count(p) or 1, ident, p.dtype)
                    auto[p.index] = arr
                    bound[p.index] = arr
                    continue
            hint = ""
            if len(ops) > 1 or len(reds) > 1:
                hint = (f" (it receives {len(reds)} reductions: "
                        f"{', '.join(sorted(str(o) for o in ops))}; pass an "
                        "array holding each one's initial value)")
            elif p.index in (d.index for d in self.dispatch_params):
                hint = " (or give dispatch=)"
            raise ArgumentError(f"kernel '{self.name}': missing argument for "
                                f"parameter {p.describe()}{hint}", p.name)
        for p in params:
            if p.index not in bound:
                hint = ""
                if p in self.dispatch_params:
                    hint = " (or give dispatch=)"
                raise ArgumentError(f"kernel '{self.name}': missing argument for "
                                    f"parameter {p.describe()}{hint}", p.name)
        if grid is None and dvalues is not None and self.model != "parallel_loop":
            lo = _dims(local, "local")
            wg = lo if local is not None else self.workgroup_size
            grid = tuple(max(1, -(-(dvalues[d] if d < len(dvalues) else 1) // max(1, wg[d])))
                         for d in range(3))
        return self._launch_bound(dev, [bound[i] for i in range(self._nparams)], auto,
                                  grid, local, wait)

    def _launch_bound(self, dev, values, auto, grid, local, wait):
        """Launches with every parameter's value in `values` (by index)."""
        g = _dims(grid, "grid")
        lo = _dims(local, "local")
        if grid is None and self.model != "parallel_loop":
            raise ArgumentError(
                f"kernel '{self.name}' is an ND-range kernel: give grid= "
                f"(work-groups per dimension; its work-group size is "
                f"{'x'.join(map(str, self.workgroup_size))})")
        raw = self._raw.get(dev) or self._on(dev)
        prep = self._prepare(dev, self.params, values, auto)
        if wait:
            ns = raw.launch_sync(prep.args, g, lo)
            return self._finish(prep, dev, ns, g, lo)
        event = raw.launch(dev._queue(), prep.args, g, lo)
        return Launch(event, lambda ns: self._finish(prep, dev, ns, g, lo))

    def _names(self) -> str:
        return ", ".join(p.name for p in self.params) or "none"

    def _prepare(self, dev: Device, params: List[Param], values: Sequence[Any],
                 auto: Dict[int, np.ndarray]) -> _Prepared:
        prep = _Prepared()
        handle = None
        zero_copy = dev._info["backend"] == "cpu"
        args = prep.args
        for p in params:
            value = values[p.index]
            if p.kind == "scalar":
                args.append((2, p.type, _scalar_bits(p, value), None))
                continue
            written = p.access != "read"
            if type(value) is Buffer:
                if value.device is not dev:
                    raise ArgumentError(
                        f"parameter {p.describe()}: the buffer is on "
                        f"{value.device.spec}, the launch on {dev.spec}", p.name)
                if value.dtype not in self._accepted[p.index]:
                    raise ArgumentError(
                        f"parameter {p.describe()}: the buffer holds "
                        f"{value.dtype}, the kernel reads {p.type_name} "
                        f"({_DTYPES[p.type][0]})", p.name)
                want = self._static[p.index]
                if want is not None and value._count != want:
                    self._check_count(p, value._count)
                args.append((1, 0, 0, value._raw))
                prep.keep.append(value)
                if written:
                    prep.outputs[p.name] = value
                continue
            if isinstance(value, np.ndarray):
                arr = value
                if arr.dtype not in self._accepted[p.index]:
                    raise ArgumentError(
                        f"parameter {p.describe()}: got an array of {arr.dtype}, "
                        f"the kernel takes {p.type_name} (pass "
                        f"x.astype(numpy.{_DTYPES[p.type][0]}))", p.name)
                if written and not arr.flags.writeable:
                    raise ArgumentError(
                        f"parameter {p.describe()} is written by the kernel, but "
                        "the array is read-only", p.name)
            elif hasattr(value, "__dlpack__"):
                # A DLPack tensor (PyTorch, CuPy...): shared without a copy
                # where its memory is the device's (a CUDA tensor on CUDA,
                # a host tensor on the CPU), else copied in (inputs only).
                buf = from_dlpack(value, device=dev)
                if written and not buf._external:
                    raise ArgumentError(
                        f"parameter {p.describe()} is written by the kernel, but "
                        f"the {type(value).__name__} tensor's memory cannot be "
                        f"shared with the {dev.api} device: pass a NumPy array "
                        "or a kgpu.Buffer", p.name)
                if buf.dtype not in self._accepted[p.index]:
                    raise ArgumentError(
                        f"parameter {p.describe()}: got a tensor of {buf.dtype}, "
                        f"the kernel takes {p.type_name}", p.name)
                self._check_count(p, buf._count)
                args.append((1, 0, 0, buf._raw))
                prep.keep.append(buf)
                if written:
                    prep.outputs[p.name] = value
                continue
            elif written:
                raise ArgumentError(
                    f"parameter {p.describe()} is written by the kernel: pass a "
                    f"writable NumPy array or a kgpu.Buffer, not "
                    f"{type(value).__name__}", p.name)
            else:
                try:
                    arr = np.asarray(value, dtype=_DTYPES[p.type][0])
                except (TypeError, ValueError) as e:
                    raise ArgumentError(f"parameter {p.describe()} takes an "
                                        f"array, got {type(value).__name__} "
                                        f"({e})", p.name) from None
                if arr.ndim == 0:
                    raise ArgumentError(f"parameter {p.describe()} takes an "
                                        f"array, got a scalar {value!r}", p.name)
            self._check_count(p, arr.size)
            if handle is None:
                handle = dev._open()
            contiguous = arr.flags.c_contiguous and arr.flags.aligned
            if zero_copy and contiguous:
                # The CPU device runs the kernel on the array's own memory.
                raw = _kgpu.Buffer.wrap(handle, arr.ctypes.data, arr.nbytes, arr)
            else:
                src = arr if contiguous else np.ascontiguousarray(arr)
                raw = _kgpu.Buffer.create(handle, src.nbytes)
                raw.upload(src, 0)
                if written:
                    prep.copy_back.append((raw, arr, None if src is arr else src))
            prep.args.append((1, 0, 0, raw))
            prep.keep.append((raw, arr))
            if written:
                prep.outputs[p.name] = arr
        if auto:
            (idx, arr), = list(auto.items())[:1]
            prep.result = arr
        return prep

    def _check_count(self, p: Param, count: int) -> None:
        if count == 0:
            raise ArgumentError(f"parameter {p.describe()}: the array is empty "
                                "(a buffer holds at least one element)", p.name)
        want = _static_count(p)
        if want is not None and count != want:
            raise ArgumentError(f"parameter {p.describe()}: the kernel takes "
                                f"exactly {want} elements, got {count}", p.name)

    def _finish(self, prep: _Prepared, dev: Device, ns: int, g, lo) -> LaunchRecord:
        for raw, arr, tmp in prep.copy_back:
            if tmp is None:
                raw.download(arr, 0)
            else:
                raw.download(tmp, 0)
                arr[...] = tmp.reshape(arr.shape)
        result = prep.result
        if result is not None and result.size == 1:
            result = result[0]
        rec = LaunchRecord(self.name, dev, ns, g, lo, prep.outputs, result)
        prep.keep.clear()
        return rec


#===------------------------------------------------------------------===#
# Bundles
#===------------------------------------------------------------------===#


class Bundle:
    """A loaded ``.kgpu`` bundle: its kernels are attributes
    (``bundle.saxpy``) and items (``bundle["saxpy"]``). ``manifest`` is the
    bundle's JSON manifest (docs/bundle.md), ``data`` its bytes."""

    def __init__(self, data: bytes, name: str = "<memory>"):
        self.data = bytes(data)
        self.name = name
        self._meta = _kgpu.Module.load_memory(None, self.data)
        size = struct.unpack_from("<I", self.data, 12)[0]
        self.manifest: dict = json.loads(self.data[48:48 + size].decode("utf-8"))
        mk = {k["name"]: k for k in self.manifest.get("kernels", [])}
        self._kernels: Dict[str, Kernel] = {}
        for i in range(self._meta.kernel_count()):
            raw = self._meta.kernel_by_index(i)
            kname = raw.info()["name"]
            self._kernels[kname] = Kernel(self, kname, raw, mk.get(kname, {}))
        self._modules: Dict[Device, Any] = {}
        self._lock = threading.Lock()

    @property
    def kernels(self) -> List[str]:
        """The kernels' names."""
        return list(self._kernels)

    @property
    def targets(self) -> List[str]:
        """The targets the bundle has payloads for."""
        return sorted({p["target"] for p in self.manifest.get("payloads", [])})

    def _module(self, dev: Device):
        m = self._modules.get(dev)
        if m is None:
            with self._lock:
                m = self._modules.get(dev)
                if m is None:
                    m = _kgpu.Module.load_memory(dev._open(), self.data)
                    self._modules[dev] = m
        return m

    def __getitem__(self, name: str) -> Kernel:
        try:
            return self._kernels[name]
        except KeyError:
            raise KeyError(f"the bundle has no kernel '{name}' (kernels: "
                           f"{', '.join(self._kernels) or 'none'})") from None

    def __getattr__(self, name: str) -> Kernel:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._kernels[name]
        except KeyError:
            raise AttributeError(f"the bundle has no kernel '{name}' (kernels: "
                                 f"{', '.join(self._kernels) or 'none'})") from None

    def __contains__(self, name: str) -> bool:
        return name in self._kernels

    def __iter__(self):
        return iter(self._kernels.values())

    def __dir__(self):
        return list(super().__dir__()) + list(self._kernels)

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the bundle to ``path`` (a .kgpu file)."""
        with open(path, "wb") as f:
            f.write(self.data)

    def __repr__(self) -> str:
        return f"<kgpu.Bundle {self.name!r}: {', '.join(self._kernels)}>"


def load(path: Union[str, os.PathLike]) -> Bundle:
    """Reads a ``.kgpu`` bundle (kgpu-translate's output)."""
    with open(path, "rb") as f:
        data = f.read()
    return Bundle(data, os.fspath(path))


#===------------------------------------------------------------------===#
# Compilation
#===------------------------------------------------------------------===#

_EXTENSIONS = {"kgc": ".kgc", "mlir": ".mlir", "jvm": ".class",
               "kotlin-ir": ".ir.txt"}
_FILE_SUFFIXES = (".kgc", ".mlir", ".class", ".jar", ".ir", ".ir.txt")
_memory_cache: Dict[str, bytes] = {}
_cache_lock = threading.Lock()


def _compiler_identity() -> str:
    """The compiler's version and its library's file (path, size and
    mtime), so that a rebuilt compiler never reuses old bundles."""
    ident = f"kgpuc {_kgpu.compiler_version()}"
    for path in (_kgpu.__file__, _kgpu.compiler_path()):
        try:
            real = os.path.realpath(path)
            st = os.stat(real)
            ident += f" {real} {st.st_size} {st.st_mtime_ns}"
        except OSError:
            ident += f" {path}"
    return ident


def cache_dir() -> Optional[str]:
    """The on-disk compile cache: ``KGPU_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/kgpu`` (``~/.cache/kgpu``); None when ``KGPU_CACHE``
    is ``0``."""
    if os.environ.get("KGPU_CACHE", "1") == "0":
        return None
    d = os.environ.get("KGPU_CACHE_DIR")
    if not d:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        d = os.path.join(base, "kgpu")
    return d


def _looks_like_path(source: str) -> bool:
    return "\n" not in source and source.endswith(_FILE_SUFFIXES)


def compile(source: Union[str, bytes, os.PathLike], *, language: Optional[str] = None,
            targets: Union[str, Iterable[str], None] = None,
            kernel: Optional[str] = None, fp_contract: Optional[str] = None,
            name: Optional[str] = None, cache: bool = True) -> Bundle:
    """Compiles kernels in process (libkgpu_compiler) into a Bundle.

    ``source`` is kgc source text (a str or bytes), or a path (a
    ``pathlib.Path``, or a str ending in .kgc, .mlir, .class, .jar, .ir,
    .ir.txt) to a kgc file, a class file or jar (the JVM frontend), a Kotlin
    IR dump or kgpu-level MLIR. ``language`` ("kgc", "jvm", "kotlin-ir",
    "mlir") overrides the choice by extension; ``targets`` ("cuda",
    "vulkan", "cpu", a comma-separated string or a list; default: every
    target that can compile the input); ``kernel`` compiles only that one;
    ``fp_contract`` ("off", "on", "fast"; default: the language's).

    Raises :class:`CompileError` with the diagnostics when the source does
    not compile. Results are cached by the source's bytes, the options and
    the compiler's identity, in memory and in :func:`cache_dir`.
    """
    is_file = isinstance(source, os.PathLike) or (
        isinstance(source, str) and _looks_like_path(source))
    if is_file:
        path = os.fspath(source)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise KgpuError(f"cannot read '{path}': {e.strerror}",
                            "KGPUC_ERROR_IO", 2) from None
        src_name = path
    else:
        data = source.encode("utf-8") if isinstance(source, str) else bytes(source)
        ext = _EXTENSIONS.get(language or "kgc", "")
        src_name = name or f"<string>{ext}"
    if targets is not None and not isinstance(targets, str):
        targets = ",".join(targets)
    opts = (targets or "", kernel or "", fp_contract or "", language or "")
    key = None
    if cache:
        h = hashlib.sha256()
        for part in (_compiler_identity(), src_name, *opts):
            h.update(part.encode("utf-8") + b"\0")
        h.update(data)
        key = h.hexdigest()
        with _cache_lock:
            hit = _memory_cache.get(key)
        if hit is None:
            d = cache_dir()
            if d:
                try:
                    with open(os.path.join(d, key + ".kgpu"), "rb") as f:
                        hit = f.read()
                except OSError:
                    hit = None
        if hit is not None:
            try:
                return Bundle(hit, src_name)
            except KgpuError:
                pass  # a damaged cache entry: compile again
    ok, out, diags, text, message = _kgpu.compile(
        data, src_name, is_file, "", *opts)
    if not ok:
        ds = [Diagnostic(*d) for d in diags]
        errors = [d for d in ds if d.severity == "error"]
        summary = str(errors[0]) if errors else (message or "compilation failed")
        raise CompileError(summary, ds, text)
    bundle = Bundle(out, src_name)
    if key is not None:
        with _cache_lock:
            _memory_cache[key] = bundle.data
        d = cache_dir()
        if d:
            try:
                os.makedirs(d, exist_ok=True)
                tmp = os.path.join(d, f"{key}.{os.getpid()}.{threading.get_ident()}.tmp")
                with open(tmp, "wb") as f:
                    f.write(bundle.data)
                os.replace(tmp, os.path.join(d, key + ".kgpu"))
            except OSError:
                pass
    return bundle
