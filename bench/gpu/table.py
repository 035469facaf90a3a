"""The table of bench/gpu/run-device.sh: reads its results.txt (one or
more: the PART runs, a later file's rows winning) and prints one Markdown
table with the ratios (baseline time / kgpu time: higher is better; Vulkan
/ CUDA is CUDA's time over Vulkan's)."""
import re
import sys

UNIT = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def parse(path):
    base, kgpu = {}, {}
    for line in open(path, errors="replace"):
        m = re.match(r"(native|triton|torch|gcc) (\w+) .*median_ms=([\d.]+)", line)
        if m:
            base[(m.group(1), m.group(2))] = float(m.group(3))
            continue
        m = re.match(r"kgpu (\w+) (\w+): time over \d+ runs: .*median ([\d.]+) (us|ms|s)\b", line)
        if m:
            kgpu[(m.group(1), m.group(2))] = float(m.group(3)) * UNIT[m.group(4)]
    return base, kgpu


def fmt(ms):
    return "%.3f ms" % ms if ms is not None else "n/a"


def ratio(a, b):
    return "%.2f" % (a / b) if a and b else "n/a"


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: table.py RESULTS.txt...")
    base, kgpu = {}, {}
    for path in sys.argv[1:]:
        b, k = parse(path)
        base.update(b)
        kgpu.update(k)
    gpu_rows = [
        ("saxpy 256 M, ND-range", "saxpy", ("native", "saxpy"), "nvcc"),
        ("saxpy 256 M, parallel for", "saxpy_pf", ("triton", "saxpy"), "Triton"),
        ("float sum 256 M", "sum_f32", ("torch", "sum_f32"), "torch.sum"),
        ("int sum 256 M", "sum_i32", ("torch", "sum_i32"), "torch.sum"),
        ("float max 256 M", "max_f32", ("torch", "max_f32"), "torch.max"),
        ("int max 256 M", "max_i32", ("torch", "max_i32"), "torch.max"),
        ("transpose 8192² (16² tile)", "transpose", ("native", "transpose"), "nvcc"),
        ("histogram 256 M, 256 bins", "histogram", ("native", "histogram"), "nvcc"),
        ("Mandelbrot 3840×3200×1000", "mandelbrot", ("native", "mandelbrot"), "nvcc"),
        ("SGEMM 4096³ (16² tiles)", "sgemm", ("native", "sgemm"), "nvcc"),
    ]
    print("| workload | baseline | baseline time | kgpu CUDA | ratio | kgpu Vulkan | ratio | Vulkan / CUDA |")
    print("|---|---|---|---|---|---|---|---|")
    for label, k, bkey, bname in gpu_rows:
        b = base.get(bkey)
        c = kgpu.get(("cuda", k))
        v = kgpu.get(("vulkan", k))
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            label, bname, fmt(b), fmt(c), ratio(b, c), fmt(v), ratio(b, v), ratio(c, v)))
    print()
    print("| CPU workload | gcc -O3 -fopenmp | kgpu CPU | ratio |")
    print("|---|---|---|---|")
    for label, k in (("saxpy 256 M", "saxpy"), ("float sum 256 M", "sum_f32"),
                     ("Mandelbrot 3840×3200×1000", "mandelbrot")):
        b = base.get(("gcc", k))
        c = kgpu.get(("cpu", k))
        print("| %s | %s | %s | %s |" % (label, fmt(b), fmt(c), ratio(b, c)))


if __name__ == "__main__":
    main()
