"""Launch arguments are checked against the manifest: each error is a
kgpu.ArgumentError whose message names the parameter."""

import numpy as np
import pytest

import kgpu

N = 256


def args(n=N):
    return n, 2.0, np.ones(n, np.float32), np.zeros(n, np.float32)


def raises(match, param=None):
    class _Check:
        def __enter__(self):
            self.ctx = pytest.raises(kgpu.ArgumentError, match=match)
            self.info = self.ctx.__enter__()
            return self.info

        def __exit__(self, *exc):
            r = self.ctx.__exit__(*exc)
            if param is not None:
                assert self.info.value.parameter == param
            return r
    return _Check()


def test_by_position_and_by_name(saxpy, device):
    n, a, x, y = args()
    saxpy(n, a, x, y, grid=1, device=device)
    np.testing.assert_array_equal(y, 2.0)
    saxpy(y=y, x=x, a=a, n=n, grid=1, device=device)
    np.testing.assert_array_equal(y, 4.0)
    saxpy.launch((n, a), {"y": y, "x": x}, grid=1, device=device)
    np.testing.assert_array_equal(y, 6.0)


def test_wrong_count(saxpy, device):
    n, a, x, y = args()
    with raises(r"takes 4 arguments \(n, a, x, y\), got 5"):
        saxpy(n, a, x, y, y, grid=1, device=device)
    with raises(r"missing argument for parameter 'y' \(buffer of f32", "y"):
        saxpy(n, a, x, grid=1, device=device)


def test_unknown_and_duplicate_names(saxpy, device):
    n, a, x, y = args()
    with raises(r"has no parameter 'z' \(parameters: n, a, x, y\)", "z"):
        saxpy(n, a, x, y, z=1, grid=1, device=device)
    with raises(r"parameter 'a' \(scalar f32\) is given twice", "a"):
        saxpy(n, a, x, y, a=3.0, grid=1, device=device)


def test_scalar_types(saxpy, device):
    n, a, x, y = args()
    with raises(r"parameter 'n' \(scalar i32\) takes an integer, got float", "n"):
        saxpy(2.5, a, x, y, grid=1, device=device)
    with raises(r"parameter 'n' \(scalar i32\): 4294967296 is out of range", "n"):
        saxpy(1 << 32, a, x, y, grid=1, device=device)
    with raises(r"parameter 'a' \(scalar f32\) takes a number, got str", "a"):
        saxpy(n, "2", x, y, grid=1, device=device)
    with raises(r"parameter 'a' \(scalar f32\) takes a number, got ndarray", "a"):
        saxpy(n, x, x, y, grid=1, device=device)
    with raises(r"parameter 'a' \(scalar f32\): 1e\+39 is out of the range of f32", "a"):
        saxpy(n, 1e39, x, y, grid=1, device=device)
    # NumPy scalars are numbers.
    saxpy(np.int64(n), np.float64(a), x, y, grid=1, device=device)


def test_dtype(saxpy, device):
    n, a, x, y = args()
    with raises(r"parameter 'x' \(buffer of f32, read\): got an array of float64", "x"):
        saxpy(n, a, x.astype(np.float64), y, grid=1, device=device)
    with raises(r"parameter 'y' \(buffer of f32, read_write\): got an array of int32", "y"):
        saxpy(n, a, x, y.astype(np.int32), grid=1, device=device)
    buf = kgpu.asarray(np.zeros(N, np.int32), device=device)
    with raises(r"parameter 'y' .*the buffer holds int32", "y"):
        saxpy(n, a, x, buf, grid=1, device=device)


def test_size(saxpy, device):
    n, a, x, y = args()
    with raises(r"parameter 'x' \(buffer of f32, read\): the array is empty", "x"):
        saxpy(n, a, np.zeros(0, np.float32), y, grid=1, device=device)


def test_static_shape(device):
    b = kgpu.compile("""
func.func @fill16(%out: memref<16xf32> {kgpu.arg = #kgpu.arg<buffer, write>},
                  %v: f32 {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  kgpu.parallel_for (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %v, %out[%i] : memref<16xf32>
  }
  return
}
""", language="mlir", targets=[device.api])
    assert b.fill16.params[0].shape == (16,)
    with raises(r"parameter 'arg0' \(buffer of f32, shape 16, write\): the kernel "
                r"takes exactly 16 elements, got 15", "arg0"):
        b.fill16(np.zeros(15, np.float32), 1.0, device=device)
    out = np.zeros((4, 4), np.float32)
    b.fill16(out, 3.0, device=device)
    np.testing.assert_array_equal(out, 3.0)


def test_read_only_output(saxpy, device):
    n, a, x, y = args()
    y.flags.writeable = False
    with raises(r"parameter 'y' \(buffer of f32, read_write\) is written by the "
                r"kernel, but the array is read-only", "y"):
        saxpy(n, a, x, y, grid=1, device=device)
    with raises(r"parameter 'y' .* pass a writable NumPy array or a kgpu.Buffer, not list", "y"):
        saxpy(n, a, x, [0.0] * n, grid=1, device=device)
    # A read-only input is fine, and so is a list for an input.
    x.flags.writeable = False
    y2 = np.zeros(n, np.float32)
    saxpy(n, a, [1.0] * n, y2, grid=1, device=device)
    saxpy(n, a, x, y2, grid=1, device=device)
    np.testing.assert_array_equal(y2, 4.0)


def test_non_contiguous_arrays(saxpy, device):
    base = np.zeros(2 * N, np.float32)
    y = base[::2]
    x = np.arange(2 * N, dtype=np.float32)[::2]
    saxpy(N, 1.0, x, y, grid=1, device=device)
    np.testing.assert_array_equal(base[::2], x)
    np.testing.assert_array_equal(base[1::2], 0.0)


def test_grid_errors(saxpy, device):
    n, a, x, y = args()
    with raises(r"kernel 'saxpy' is an ND-range kernel: give grid="):
        saxpy(n, a, x, y, device=device)
    with raises(r"grid= takes 1 to 3 positive extents"):
        saxpy(n, a, x, y, grid=(1, 0), device=device)
    with raises(r"local= takes an int or a tuple"):
        saxpy(n, a, x, y, grid=1, local="x", device=device)
    # The runtime's own checks are KgpuErrors with its message.
    with pytest.raises(kgpu.KgpuError, match="work-group") as e:
        saxpy(n, a, x, y, grid=1, local=4096, device=device)
    assert e.value.status == "KGPU_ERROR_LAUNCH_CONFIG"


def test_buffer_on_another_device(saxpy, device):
    if device.api == "cpu":
        pytest.skip("needs a second device")
    n, a, x, y = args()
    other = kgpu.asarray(y, device="cpu")
    with raises(r"parameter 'y' .*the buffer is on cpu, the launch on vulkan", "y"):
        saxpy(n, a, x, other, grid=1, device=device)


def test_bad_device_spec():
    with pytest.raises(kgpu.KgpuError, match="nosuch") as e:
        kgpu.Device("nosuch:3")
    assert e.value.status.startswith("KGPU_ERROR_")
