#!/usr/bin/env bash
# Tensor cores through Vulkan, the kgpu-spirv-vector-tiles kernels, run on
# the GPU machine:   bench/gpu/coopmat-hgemm-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR is what bench/gpu/coopmat-hgemm-prepare.sh built (it holds a
# copy of this script); the Vulkan loader must be installed and
# VK_DRIVER_FILES set. Prints the device's cooperative matrices, shared
# memory limit and bf16 features (coopmat-probe); times every bundle of
# CARRY_DIR/bundles/list.txt at 4096^3 f16 -> f32 on its device with 20
# runs, checks each C exactly against torch (hgemm_bench.py compare, which
# also times cuBLAS and Triton in the same run); runs the naive bf16
# tensor-core GEMM on Vulkan and the CPU at 256^3 against numpy.
# OUT_DIR/results.txt. About 60 s.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log="$out/results.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
n=${HGEMM_N:-4096}
tmp=/tmp/kgpu-coopmat-hgemm
mkdir -p "$tmp"
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1)"
"$carry/bin/coopmat-probe" 2>&1 | tee -a "$log"
cp "$carry/src/tiles.txt" "$out/" 2>/dev/null || true
python3 "$carry/hgemm_bench.py" inputs "$tmp" "$n" 2>&1 | tee -a "$log"
names=()
while read -r name dev bm bn; do
  [ -n "$name" ] || continue
  names+=("$name")
  start=$(date +%s%N)
  timeout 25 "$carry/bin/kgpu-run" "$carry/bundles/$name.kgpu" --kernel hgemm \
    --device "$dev" --grid $((n / bn)),$((n / bm)) \
    --arg A=@"$tmp/a.bin" --arg B=@"$tmp/b.bin" --arg C=zeros:$((n * n)) \
    --arg M=$n --arg N=$n --arg K=$n --repeat 20 \
    --out C="$tmp/c_$name.bin" > "$tmp/kgpu_$name.txt" 2>&1
  rc=$?
  sed "s/^/kgpu $name ($dev): /" "$tmp/kgpu_$name.txt" | tee -a "$log"
  say "kgpu $name ($dev): rc $rc, $(( ($(date +%s%N) - start) / 1000000 )) ms wall"
done < "$carry/bundles/list.txt"
timeout 90 python3 "$carry/hgemm_bench.py" compare "$tmp" "$n" "${names[@]}" \
  2>&1 | tee -a "$log"

# bf16 cooperative matrices (SPV_KHR_bfloat16): the naive GEMM, exact.
m=256
python3 - "$tmp" "$m" <<'PY'
import sys, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
g = np.random.default_rng(16)
for name in "ab":
    x = g.integers(-4, 5, size=(n, n)).astype(np.float32) * 0.25
    np.save(f"{d}/{name}_bf16.npy", x)
    (x.view(np.uint32) >> 16).astype(np.uint16).tofile(f"{d}/{name}.bf16")
PY
for dev in vulkan cpu; do
  timeout 25 "$carry/bin/kgpu-run" "$carry/bundles/mma_gemm_bf16.kgpu" \
    --kernel mma_gemm_bf16 --device "$dev" --grid $((m / 16)),$((m / 16)) \
    --local 32,1 --arg A=@"$tmp/a.bf16" --arg B=@"$tmp/b.bf16" \
    --arg C=zeros:$((m * m)) --arg M=$m --arg N=$m --arg K=$m \
    --out C="$tmp/bf16_$dev.bin" 2>&1 | sed "s/^/mma_gemm_bf16 $dev: /" |
    tee -a "$log"
done
python3 - "$tmp" "$m" <<'PY' 2>&1 | tee -a "$log"
import sys, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
ref = np.load(f"{d}/a_bf16.npy").astype(np.float64) @ np.load(f"{d}/b_bf16.npy").astype(np.float64)
for dev in ("vulkan", "cpu"):
    try:
        c = np.fromfile(f"{d}/bf16_{dev}.bin", dtype=np.float32).reshape(n, n)
    except Exception as e:
        print(f"mma_gemm_bf16 {dev}: no result ({e})"); continue
    err = np.abs(c - ref).max()
    print(f"mma_gemm_bf16 {dev} {n}^3 vs numpy: max|err| {err:g} ({'OK' if err == 0 else 'MISMATCH'})")
PY
say "done $(date -u +%H:%M:%S)"
