#!/usr/bin/env bash
# Issue 13's variants, one run on the GPU machine (bench/RESULTS.md):
#   bench/gpu/variants-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR (bench/gpu/variants-prepare.sh): bin/kgpu-run, bin/vkprobe,
# lib/ (the runtime now), lib-variant/ (the runtime with the change under
# test, bench/gpu/variants-prepare.sh), bundles/ with *_w1 (the
# parallel loops lowered one iteration per step) and *_w4 (four contiguous).
# The *_w1 bundles come through kgpu-opt and lose the parallel-loop launch
# model, so every parallel-loop run gives the grid the runtime would choose
# (8 work-groups per multiprocessor: 1056 on the H200's 132; 1024 on Vulkan).
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
log="$out/variants.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
b="$carry/bundles"
n=$((256 << 20))
q=$((64 << 20))
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1)"
say "== vkprobe (memory types; vkCmdCopyBuffer per type)"
"$carry/bin/vkprobe" 1024 2>&1 | tee -a "$log"
"$carry/bin/vkprobe" 256 2>&1 | grep copy | tee -a "$log"
t() { # LABEL LIBDIR ARGS...: one timed kgpu-run line
  local label=$1 lib=$2; shift 2
  LD_LIBRARY_PATH="$carry/$lib" "$carry/bin/kgpu-run" "$@" --repeat 10 2>&1 \
    | grep -E "median|rror" | sed "s/^/$label: /" | tee -a "$log"
}
for lib in lib-variant lib; do
  say "== Vulkan, runtime $lib"
  t "vk $lib saxpy-nd 256M" $lib "$b/saxpy.kgpu" --kernel saxpy --device vulkan \
    --grid $((n / 256)) --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
  t "vk $lib saxpy-nd 256M local 1024" $lib "$b/saxpy.kgpu" --kernel saxpy \
    --device vulkan --grid $((n / 1024)) --local 1024 --arg n=$n --arg a=2.0 \
    --arg x=rand:$n:1 --arg y=fill:$n:1.0
  t "vk $lib saxpy-nd 64M" $lib "$b/saxpy.kgpu" --kernel saxpy --device vulkan \
    --grid $((q / 256)) --arg n=$q --arg a=2.0 --arg x=rand:$q:1 --arg y=fill:$q:1.0
  for w in w1 w4; do
    t "vk $lib saxpy-pf $w 256M" $lib "$b/saxpy_pf_$w.kgpu" --kernel saxpy_pf \
      --device vulkan --grid 1024 --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
    t "vk $lib sum_f32 $w 256M" $lib "$b/reduce_$w.kgpu" --kernel sum_f32 \
      --device vulkan --grid 1024 --arg n=$n --arg in=rand:$n:1 --arg out=zeros:1
  done
done
say "== CUDA"
for w in w1 w4; do
  t "cuda saxpy-pf $w 256M" lib "$b/saxpy_pf_$w.kgpu" --kernel saxpy_pf \
    --device cuda --grid 1056 --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
  t "cuda sum_f32 $w 256M" lib "$b/reduce_$w.kgpu" --kernel sum_f32 \
    --device cuda --grid 1056 --arg n=$n --arg in=rand:$n:1 --arg out=zeros:1
done
t "cuda saxpy-nd 256M" lib "$b/saxpy.kgpu" --kernel saxpy --device cuda \
  --grid $((n / 256)) --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
