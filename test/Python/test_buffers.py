"""Device-resident buffers, asynchronous launches and DLPack."""

import numpy as np
import pytest

import kgpu


def test_buffers_stay_on_the_device(saxpy, device):
    n = 1000
    x = kgpu.asarray(np.arange(n, dtype=np.float32), device=device)
    y = kgpu.zeros(n, np.float32, device=device)
    assert (x.shape, x.dtype, x.device, x.nbytes) == ((n,), np.float32, device, 4 * n)
    for _ in range(3):
        rec = saxpy(n, 2.0, x, y, grid=4, device=device)
        assert rec.outputs["y"] is y
    np.testing.assert_array_equal(y.numpy(), 6.0 * np.arange(n))
    np.testing.assert_array_equal(np.asarray(x), np.arange(n))
    y.copy_from(np.ones(n, np.float32))
    saxpy(n, 1.0, x, y, grid=4, device=device)
    np.testing.assert_array_equal(y.numpy(), 1.0 + np.arange(n))
    # A buffer as the default device argument: asarray of a Buffer is itself.
    assert kgpu.asarray(y, device=device) is y


def test_async_launch(saxpy, device):
    n = 4096
    x = np.ones(n, np.float32)
    y = np.zeros(n, np.float32)
    launch = saxpy(n, 2.0, x, y, grid=16, device=device, wait=False)
    assert isinstance(launch, kgpu.Launch)
    rec = launch.wait()
    assert launch.done() and rec.time_ns > 0
    np.testing.assert_array_equal(y, 2.0)
    # Several in flight on device buffers, waited for in any order.
    yb = kgpu.zeros(n, np.float32, device=device)
    xb = kgpu.asarray(x, device=device)
    launches = [saxpy(n, 1.0, xb, yb, grid=16, device=device, wait=False)
                for _ in range(5)]
    for lnch in reversed(launches):
        lnch.wait()
    np.testing.assert_array_equal(yb.numpy(), 5.0)


def test_dlpack_export(device):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    buf = kgpu.asarray(a, device=device)
    if device.api == "vulkan":
        with pytest.raises(BufferError, match="Vulkan"):
            buf.__dlpack__()
        return
    view = np.from_dlpack(buf)
    np.testing.assert_array_equal(view, a)
    # No copy: the view is the buffer's memory.
    buf.copy_from(np.full((3, 4), 7, np.float32))
    np.testing.assert_array_equal(view, 7)
    assert buf.__dlpack_device__() == (1, 0)


def test_dlpack_import(saxpy, device):
    y = np.zeros(256, np.float32)
    x = np.ones(256, np.float32)
    yb = kgpu.from_dlpack(y, device=device)
    saxpy(256, 3.0, x, yb, grid=1, device=device)
    if device.api == "cpu":
        # Zero-copy: the kernel wrote the NumPy array's memory.
        np.testing.assert_array_equal(y, 3.0)
        assert yb._raw.native_handle() == y.ctypes.data
    else:
        np.testing.assert_array_equal(y, 0.0)       # a copy on Vulkan
    np.testing.assert_array_equal(yb.numpy(), 3.0)
    with pytest.raises(ValueError, match="C-contiguous"):
        kgpu.from_dlpack(np.zeros((4, 4), np.float32).T, device=device)


class _Tensor:
    """A DLPack producer that is no NumPy array (as a PyTorch tensor is)."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, **kwargs):
        return self.a.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


def test_dlpack_tensors_as_arguments(saxpy, device):
    x = np.ones(256, np.float32)
    y = np.zeros(256, np.float32)
    if device.api == "cpu":
        rec = saxpy(256, 2.0, _Tensor(x), _Tensor(y), grid=1, device=device)
        np.testing.assert_array_equal(y, 2.0)        # written in place, no copy
        assert isinstance(rec.outputs["y"], _Tensor)
    else:
        with pytest.raises(kgpu.ArgumentError, match="'y' .*cannot be shared with the vulkan"):
            saxpy(256, 2.0, _Tensor(x), _Tensor(y), grid=1, device=device)
        saxpy(256, 2.0, _Tensor(x), y, grid=1, device=device)   # an input is copied
        np.testing.assert_array_equal(y, 2.0)
    with pytest.raises(kgpu.ArgumentError, match="'x' .*got a tensor of float64"):
        saxpy(256, 2.0, _Tensor(x.astype(np.float64)), y, grid=1, device=device)
