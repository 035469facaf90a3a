#!/usr/bin/env bash
# The parallel-for saxpy against Triton, varied (bench/RESULTS.md, issue 13):
#   bench/gpu/pf-variants-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR (bench/gpu/pf-variants-prepare.sh): bin/kgpu-run, lib/, and
# bundles/saxpy_pf_w{4,8,16}.kgpu (the loop lowered with that many
# contiguous iterations per work-item). Each kgpu row gives the one-pass grid
# (n / (local * W) work-groups) explicitly, after a 1 s warm-up; Triton runs
# in the same call with BLOCK 1024 (the table's) and 2048/4096, and its PTX's
# global accesses are counted.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
log="$out/pf-variants.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
n=$((256 << 20))
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>&1)"
say "== Triton"
python3 "$(dirname "$0")/triton_saxpy.py" --variants 2>&1 | tee -a "$log"
for dev in cuda vulkan; do
  say "== kgpu $dev"
  for w in 4 8 16; do
    for l in 128 256 1024; do
      g=$((n / (l * w)))
      "$carry/bin/kgpu-run" "$carry/bundles/saxpy_pf_w$w.kgpu" --kernel saxpy_pf \
        --device $dev --grid $g --local $l --arg n=$n --arg a=2.0 \
        --arg x=rand:$n:1 --arg y=fill:$n:1.0 --repeat 10 --warmup 1000 2>&1 \
        | grep -E "median|rror" | sed "s/^/kgpu $dev saxpy_pf W=$w local $l grid $g: /" | tee -a "$log"
    done
  done
  # The runtime's own choice (no --grid, no --local), W = 4 as shipped.
  "$carry/bin/kgpu-run" "$carry/bundles/saxpy_pf_default.kgpu" --kernel saxpy_pf \
    --device $dev --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0 \
    --repeat 10 --warmup 1000 2>&1 | grep -E "median|rror" \
    | sed "s/^/kgpu $dev saxpy_pf as shipped: /" | tee -a "$log"
done
