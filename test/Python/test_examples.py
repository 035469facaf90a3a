"""Every example kernel (examples/*/*.kgc) from Python, checked against
NumPy."""

import numpy as np
import pytest

import kgpu
from conftest import example


@pytest.fixture(scope="module")
def bundles(device):
    names = ["saxpy", "histogram", "mandelbrot", "reduction", "sgemm", "transpose"]
    return {n: kgpu.compile(example(n), targets=[device.api]) for n in names}


def test_saxpy(bundles, device, rng):
    n = 10_000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    want = np.float32(2.5) * x + y
    rec = bundles["saxpy"].saxpy(n, 2.5, x, y, grid=(n + 255) // 256, device=device)
    np.testing.assert_allclose(y, want, rtol=1e-6)
    assert rec.time_ns > 0 and rec.device is device
    assert rec.outputs["y"] is y


@pytest.mark.parametrize("kernel", ["histogram_global", "histogram_local"])
def test_histogram(bundles, device, rng, kernel):
    n = 50_000
    data = rng.integers(0, 1 << 31, n, dtype=np.uint32)
    hist = np.zeros(256, np.uint32)
    bundles["histogram"][kernel](data, n, hist, grid=32, local=128, device=device)
    np.testing.assert_array_equal(hist, np.bincount(data % 256, minlength=256))


def mandelbrot_ref(w, h, x0, y0, dx, dy, max_iter):
    f = np.float32
    px, py = np.meshgrid(np.arange(w, dtype=f), np.arange(h, dtype=f))
    cr = f(x0) + px * f(dx)
    ci = f(y0) + py * f(dy)
    zr = np.zeros_like(cr)
    zi = np.zeros_like(ci)
    it = np.zeros((h, w), np.int32)
    active = np.ones((h, w), bool)
    for _ in range(max_iter):
        active &= zr * zr + zi * zi <= f(4)
        if not active.any():
            break
        t = zr * zr - zi * zi + cr
        zi = np.where(active, f(2) * zr * zi + ci, zi)
        zr = np.where(active, t, zr)
        it += active
    return it


def test_mandelbrot(device):
    b = kgpu.compile(example("mandelbrot"), targets=[device.api], fp_contract="off")
    w, h, max_iter = 96, 64, 200
    x0, y0, dx, dy = -2.0, -1.0, 3.0 / w, 2.0 / h
    out = np.zeros(w * h, np.int32)
    b.mandelbrot(out, w, h, x0, y0, dx, dy, max_iter,
                 grid=((w + 15) // 16, (h + 15) // 16), local=(16, 16), device=device)
    want = mandelbrot_ref(w, h, x0, y0, dx, dy, max_iter).ravel()
    # Exact mode: the same float32 operations as NumPy's.
    assert (out != want).mean() <= 0.002, (out != want).sum()


def test_dot_product_reduce_output_allocated(bundles, device, rng):
    n = 100_000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    rec = bundles["reduction"].dot_product(x, y, n=n, device=device)
    assert isinstance(rec.result, np.float32)
    assert rec.result == pytest.approx(float(np.dot(x.astype(np.float64), y)), rel=1e-4)
    # Given explicitly, the output keeps its value as the first operand.
    result = np.array([10.0], np.float32)
    bundles["reduction"].dot_product(x, y, result, n, device=device)
    assert result[0] == pytest.approx(10.0 + float(np.dot(x.astype(np.float64), y)), rel=1e-4)


def test_sum_max(bundles, device, rng):
    n = 65_000
    data = rng.integers(-1000, 1000, n, dtype=np.int32)
    out = np.array([0, np.iinfo(np.int32).min], np.int32)
    bundles["reduction"].sum_max(data, out, n, device=device)
    assert out.tolist() == [int(data.sum()), int(data.max())]
    # Two reductions of different operators into one output: no default.
    with pytest.raises(kgpu.ArgumentError, match="'out'.*2 reductions"):
        bundles["reduction"].sum_max(data, n=n, device=device)


def test_sgemm(bundles, device, rng):
    M, N, K = 48, 40, 56
    A = rng.random((M, K), dtype=np.float32)
    B = rng.random((K, N), dtype=np.float32)
    C = rng.random((M, N), dtype=np.float32)
    want = 1.5 * (A.astype(np.float64) @ B) + 0.5 * C
    bundles["sgemm"].sgemm_tiled(M, N, K, 1.5, A, B, 0.5, C,
                                 grid=((N + 15) // 16, (M + 15) // 16), local=(16, 16),
                                 device=device)
    np.testing.assert_allclose(C, want, rtol=1e-4)


def test_transpose(bundles, device, rng):
    w, h = 70, 45
    a = rng.random((h, w), dtype=np.float32)
    out = np.zeros((w, h), np.float32)
    bundles["transpose"].transpose(a, out, w, h, grid=((w + 15) // 16, (h + 15) // 16),
                                   local=(16, 16), device=device)
    np.testing.assert_array_equal(out, a.T)
