"""The kgpu Python package on the GPU machine (bench/gpu/python-device.sh):

  python_device.py CARRY_DIR OUT_DIR

1. the example kernels through CUDA and Vulkan (and the CPU) from Python,
   checked against NumPy;
2. a kgpu kernel on a PyTorch CUDA tensor through DLPack, without a copy
   (the tensor's data pointer is the kgpu buffer's, before and after);
3. the per-launch overhead from Python against kgpu-run's.
Writes OUT_DIR/python-results.txt."""

import os
import subprocess
import sys
import time

import numpy as np

import kgpu

carry, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
log = open(os.path.join(out, "python-results.txt"), "w")


def say(*a):
    s = " ".join(str(x) for x in a)
    print(s, flush=True)
    log.write(s + "\n")
    log.flush()


def bundle(name):
    return kgpu.load(os.path.join(carry, "bundles", name + ".kgpu"))


say("kgpu", kgpu.__version__, "python", sys.version.split()[0], "numpy", np.__version__)
for d in kgpu.devices():
    say("device:", d.spec, d.name, d.limits["compute_units"], "units")
rng = np.random.default_rng(7)
b = {n: bundle(n) for n in ["saxpy", "histogram", "mandelbrot", "reduction", "sgemm",
                            "transpose"]}


def check(dev, what, ok, detail=""):
    say(f"{dev.spec:9s} {what:28s} {'OK' if ok else 'FAIL'} {detail}")
    return ok


def examples(dev):
    n = 1 << 20
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    want = np.float32(2.5) * x + y
    rec = b["saxpy"].saxpy(n, 2.5, x, y, grid=n // 256, device=dev)
    check(dev, "saxpy 1M", np.allclose(y, want, rtol=1e-6), f"{rec.time_ns / 1e3:.1f} us")
    data = rng.integers(0, 1 << 31, n, dtype=np.uint32)
    for k in ("histogram_global", "histogram_local"):
        hist = np.zeros(256, np.uint32)
        rec = b["histogram"][k](data, n, hist, grid=512, local=256, device=dev)
        check(dev, k, np.array_equal(hist, np.bincount(data % 256, minlength=256)),
              f"{rec.time_ns / 1e3:.1f} us")
    w, h, it = 1024, 768, 256
    img = np.zeros(w * h, np.int32)
    rec = b["mandelbrot"].mandelbrot(img, w, h, -2.0, -1.0, 3.0 / w, 2.0 / h, it,
                                     grid=(w // 16, h // 16), local=(16, 16), device=dev)
    ref = np.zeros(w * h, np.int32)
    b["mandelbrot"].mandelbrot(ref, w, h, -2.0, -1.0, 3.0 / w, 2.0 / h, it,
                               grid=(w // 16, h // 16), local=(16, 16), device="cpu")
    check(dev, "mandelbrot vs cpu (exact)", int((img != ref).sum()) == 0,
          f"{int((img != ref).sum())} of {w * h} differ, {rec.time_ns / 1e3:.1f} us")
    xs = rng.random(n, dtype=np.float32)
    rec = b["reduction"].dot_product(xs, y, n=n, device=dev)
    want = float(np.dot(xs.astype(np.float64), y))
    check(dev, "dot_product (auto output)", abs(rec.result - want) < 1e-4 * want,
          f"{rec.result:.2f} vs {want:.2f}")
    ints = rng.integers(-1000, 1000, n, dtype=np.int32)
    o = np.array([0, np.iinfo(np.int32).min], np.int32)
    b["reduction"].sum_max(ints, o, n, device=dev)
    check(dev, "sum_max", o.tolist() == [int(ints.sum()), int(ints.max())])
    M = N = K = 512
    A = rng.random((M, K), dtype=np.float32)
    B = rng.random((K, N), dtype=np.float32)
    C = np.zeros((M, N), np.float32)
    rec = b["sgemm"].sgemm_tiled(M, N, K, 1.0, A, B, 0.0, C, grid=(N // 16, M // 16),
                                 local=(16, 16), device=dev)
    check(dev, "sgemm 512", np.allclose(C, A.astype(np.float64) @ B, rtol=1e-4),
          f"{rec.time_ns / 1e3:.1f} us")
    a = rng.random((1000, 1500), dtype=np.float32)
    t = np.zeros((1500, 1000), np.float32)
    b["transpose"].transpose(a, t, 1500, 1000, grid=(94, 63), local=(16, 16), device=dev)
    check(dev, "transpose", np.array_equal(t, a.T))


def dlpack():
    import torch
    dev = kgpu.Device("cuda")
    t = torch.arange(1 << 20, dtype=torch.float32, device="cuda")
    ptr = t.data_ptr()
    buf = kgpu.from_dlpack(t)
    x = kgpu.asarray(np.ones(1 << 20, np.float32), device=dev)
    rec = b["saxpy"].saxpy(1 << 20, 1.0, x, buf, grid=4096, device=dev)
    torch.cuda.synchronize()
    same = buf._raw.native_handle() == ptr == t.data_ptr()
    ok = bool((t == torch.arange(1 << 20, dtype=torch.float32, device="cuda") + 1).all())
    say(f"dlpack torch->kgpu: tensor data_ptr 0x{ptr:x}, kgpu buffer 0x{buf._raw.native_handle():x}, "
        f"after the launch 0x{t.data_ptr():x}: {'no copy' if same else 'COPIED'}; "
        f"result {'OK' if ok else 'FAIL'} ({rec.time_ns / 1e3:.1f} us)")
    # Tensors passed to a launch directly: shared, not copied.
    xt = torch.ones(1 << 20, dtype=torch.float32, device="cuda")
    yt = torch.full((1 << 20,), 3.0, dtype=torch.float32, device="cuda")
    yptr = yt.data_ptr()
    rec = b["saxpy"].saxpy(1 << 20, 2.0, xt, yt, grid=4096, device=dev)
    torch.cuda.synchronize()
    ok = bool((yt == 5.0).all())
    say(f"dlpack torch tensors as launch arguments: y data_ptr 0x{yptr:x} -> 0x{yt.data_ptr():x}, "
        f"result {'OK' if ok else 'FAIL'}, outputs['y'] is the tensor: {rec.outputs['y'] is yt}")
    back = torch.from_dlpack(x)
    say(f"dlpack kgpu->torch: buffer 0x{x._raw.native_handle():x}, tensor data_ptr "
        f"0x{back.data_ptr():x}: {'no copy' if back.data_ptr() == x._raw.native_handle() else 'COPIED'}; "
        f"device {back.device}, sum {float(back.sum()):.0f}")


def overhead(dev, reps=int(os.environ.get("KGPU_BENCH_REPS", "20000"))):
    n = 256
    k = b["saxpy"].saxpy
    x = kgpu.asarray(np.ones(n, np.float32), device=dev)
    y = kgpu.zeros(n, np.float32, device=dev)
    xa = np.ones(n, np.float32)
    ya = np.zeros(n, np.float32)
    for _ in range(200):
        k(n, 1.0, x, y, grid=1, device=dev)
    kernel_ns = []
    t0 = time.perf_counter()
    for _ in range(reps):
        kernel_ns.append(k(n, 1.0, x, y, grid=1, device=dev).time_ns)
    per_buf = (time.perf_counter() - t0) / reps * 1e6
    t0 = time.perf_counter()
    for _ in range(reps // 4):
        k(n, 1.0, xa, ya, grid=1, device=dev)
    per_np = (time.perf_counter() - t0) / (reps // 4) * 1e6
    kmed = sorted(kernel_ns)[len(kernel_ns) // 2] / 1e3
    # kgpu-run: the wall time of R + 1 launches minus that of 1, per launch
    # (it re-uploads y before every repeat: one 1 KiB upload per launch).
    run = os.path.join(carry, "bin", "kgpu-run")
    bpath = os.path.join(carry, "bundles", "saxpy.kgpu")

    def wall(r):
        t = time.perf_counter()
        subprocess.run([run, bpath, "--kernel", "saxpy", "--device", dev.spec, "--grid", "1",
                        "--arg", f"n={n}", "--arg", "a=1", "--arg", f"x=fill:{n}:1",
                        "--arg", f"y=zeros:{n}", "--repeat", str(r)],
                       check=True, capture_output=True)
        return time.perf_counter() - t
    base = min(wall(1) for _ in range(3))
    many = min(wall(reps + 1) for _ in range(2))
    per_run = (many - base) / reps * 1e6
    say(f"{dev.spec:9s} per-launch wall time: python, device buffers {per_buf:.2f} us; "
        f"python, numpy arrays (upload+download) {per_np:.2f} us; kgpu-run {per_run:.2f} us "
        f"(ratio python/kgpu-run {per_buf / per_run:.2f}); median kernel time {kmed:.2f} us")


for spec in ("cuda", "vulkan", "cpu"):
    try:
        dev = kgpu.Device(spec)
    except kgpu.KgpuError as e:
        say(f"{spec}: not available: {e}")
        continue
    say(f"== {dev.spec}: {dev.name}")
    try:
        examples(dev)
    except Exception as e:  # noqa: BLE001 - reported, the others still run
        say(f"{spec} examples: ERROR {type(e).__name__}: {e}")
try:
    dlpack()
except Exception as e:  # noqa: BLE001
    say(f"dlpack: ERROR {type(e).__name__}: {e}")
for spec in ("cuda", "vulkan", "cpu"):
    try:
        overhead(kgpu.Device(spec))
    except Exception as e:  # noqa: BLE001
        say(f"{spec} overhead: ERROR {type(e).__name__}: {e}")
