#!/usr/bin/env bash
# Tensor cores through Vulkan (SPIR-V cooperative matrices), run on the GPU
# machine:   bench/gpu/hgemm-vulkan-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR is what bench/gpu/hgemm-vulkan-prepare.sh built; the Vulkan
# loader must be installed (.gl/*.deb) and VK_DRIVER_FILES set. Prints the
# device's cooperative-matrix shapes, runs the naive
# test/Frontend/KGC/corpus/mma_gemm.kgc on Vulkan, CUDA and the CPU and
# compares them (256^3, exact: the inputs are multiples of 1/4), then
# examples/hgemm/hgemm.kgc at 4096^3 through CUDA and Vulkan with cuBLAS
# and Triton in the same run (hgemm-device.sh; OUT_DIR/results.txt).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log="$out/coopmat.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
"$carry/bin/coopmat-probe" 2>&1 | tee -a "$log"
tmp=/tmp/kgpu-coopmat
mkdir -p "$tmp"
n=${MMA_N:-256}
python3 "$here/hgemm_bench.py" inputs "$tmp" "$n" > /dev/null
for dev in cpu cuda vulkan; do
  "$carry/bin/kgpu-run" "$carry/bundles/mma_gemm.kgpu" --kernel mma_gemm \
    --device "$dev" --grid $((n / 16)),$((n / 16)) --local 32,1 \
    --arg A=@"$tmp/a.bin" --arg B=@"$tmp/b.bin" --arg C=zeros:$((n * n)) \
    --arg M=$n --arg N=$n --arg K=$n --out C="$tmp/mma_$dev.bin" 2>&1 |
    sed "s/^/mma_gemm $dev: /" | tee -a "$log"
done
python3 - "$tmp" "$n" <<'PY' 2>&1 | tee -a "$log"
import sys, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
a = np.fromfile(f"{d}/a.bin", dtype=np.float16).reshape(n, n).astype(np.float64)
b = np.fromfile(f"{d}/b.bin", dtype=np.float16).reshape(n, n).astype(np.float64)
ref = a @ b
for dev in ("cpu", "cuda", "vulkan"):
    try:
        c = np.fromfile(f"{d}/mma_{dev}.bin", dtype=np.float32).reshape(n, n)
    except Exception as e:
        print(f"mma_gemm {dev}: no result ({e})"); continue
    err = np.abs(c - ref).max()
    print(f"mma_gemm {dev} {n}^3 vs numpy: max|err| {err:g} ({'OK' if err == 0 else 'MISMATCH'})")
PY
HGEMM_DEVICES="cuda vulkan" "$here/hgemm-device.sh" "$carry" "$out"
# Optional: other Vulkan builds of hgemm.kgc to time in the same run
# (CARRY_DIR/bundles-VARIANT/hgemm.kgpu).
for b in "$carry"/bundles-*/hgemm.kgpu; do
  [ -f "$b" ] || continue
  v=$(basename "$(dirname "$b")")
  n=${HGEMM_N:-4096}
  "$carry/bin/kgpu-run" "$b" --kernel hgemm --device vulkan \
    --grid $((n / 128)),$((n / 128)) --arg A=@/tmp/kgpu-hgemm/a.bin \
    --arg B=@/tmp/kgpu-hgemm/b.bin --arg C=zeros:$((n * n)) --arg M=$n \
    --arg N=$n --arg K=$n --repeat 20 2>&1 | sed "s/^/$v vulkan hgemm: /" |
    tee -a "$out/results.txt"
done
