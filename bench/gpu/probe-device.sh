#!/usr/bin/env bash
# Issue 13, second round (bench/RESULTS.md "Vulkan: the cause"): one run on
# the GPU machine, from a directory prepared by bench/gpu/probe-prepare.sh:
#   CARRY/probe-device.sh CARRY OUT_DIR
# vkprobe-mem (allocation schemes, first touch, back-to-back vs one submit
# each, idle gaps) and cuprobe-mem at 64 M/128 M/256 M floats, GPU clocks
# sampled meanwhile; kgpu's ND-range saxpy through Vulkan under the runtime's
# KGPU_VULKAN_ALLOC knob; the parallel-for saxpy shapes (4 or 8 contiguous
# elements per work-item, persistent grid or one pass) on CUDA and Vulkan;
# Triton's saxpy; then the whole table (run-device.sh) with the knobs that won.
# Run once on 2026-12-02 (bench/RESULTS.md, results-h200-2026-12-02-probe.txt).
# The two knobs it sets were experiments and are gone from the runtime:
# dedicated allocations and the one-pass grid are now the defaults, so the
# knob runs below now measure the defaults four times.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
log="$out/probe.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b="$carry/bundles"
run="$carry/bin/kgpu-run"
n=$((256 << 20))
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>&1)"
nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw,utilization.gpu \
  --format=csv,noheader -lms 100 > "$out/clocks.txt" 2>&1 &
smi=$!
say "== vkprobe-mem"
timeout 150 "$carry/bin/vkprobe-mem" 2>&1 | tee -a "$log"
say "== cuprobe-mem"
nvcc -O3 -arch=sm_90a "$carry/cuprobe-mem.cu" -o /tmp/cuprobe-mem 2>&1 | tee -a "$log"
timeout 60 /tmp/cuprobe-mem 2>&1 | tee -a "$log"
t() { # LABEL ARGS...: one timed kgpu-run line
  local label=$1; shift
  timeout 60 "$run" "$@" --repeat 5 2>&1 | grep -E "median|rror" \
    | sed "s/^/$label: /" | tee -a "$log"
}
say "== kgpu Vulkan saxpy ND-range 256M by KGPU_VULKAN_ALLOC"
for knob in "" dedicated device dedicated,device; do
  KGPU_VULKAN_ALLOC=$knob t "vk alloc=${knob:-default} saxpy-nd 256M" "$b/saxpy.kgpu" \
    --kernel saxpy --device vulkan --grid $((n / 256)) --arg n=$n --arg a=2.0 \
    --arg x=rand:$n:1 --arg y=fill:$n:1.0
  KGPU_VULKAN_ALLOC=$knob t "vk alloc=${knob:-default} sum_f32 256M" "$b/reduce_w4.kgpu" \
    --kernel sum_f32 --device vulkan --arg n=$n --arg in=rand:$n:1 --arg out=zeros:1
done
q=$((64 << 20))
t "vk saxpy-nd 64M" "$b/saxpy.kgpu" --kernel saxpy --device vulkan \
  --grid $((q / 256)) --arg n=$q --arg a=2.0 --arg x=rand:$q:1 --arg y=fill:$q:1.0
t "cuda saxpy-nd 256M" "$b/saxpy.kgpu" --kernel saxpy --device cuda \
  --grid $((n / 256)) --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
t "cuda sum_f32 256M" "$b/reduce_w4.kgpu" --kernel sum_f32 --device cuda \
  --arg n=$n --arg in=rand:$n:1 --arg out=zeros:1
say "== parallel-for saxpy shapes"
shapes_cuda=("w4 $((n / 1024)) 256" "w4 $((n / 512)) 128" "w8 1056 256"
             "w8 $((n / 2048)) 256" "w8 $((n / 1024)) 128")
shapes_vulkan=("w4 $((n / 1024)) 256" "w8 $((n / 1024)) 128")
for dev in cuda vulkan; do
  t "$dev pf w4 runtime grid" "$b/saxpy_pf_w4.kgpu" --kernel saxpy_pf --device $dev \
    --arg n=$n --arg a=2.0 --arg x=rand:$n:1 --arg y=fill:$n:1.0
  KGPU_PARALLEL_GRID=onepass t "$dev pf w4 runtime grid onepass" "$b/saxpy_pf_w4.kgpu" \
    --kernel saxpy_pf --device $dev --arg n=$n --arg a=2.0 --arg x=rand:$n:1 \
    --arg y=fill:$n:1.0
  eval "shapes=(\"\${shapes_$dev[@]}\")"
  for shape in "${shapes[@]}"; do
    set -- $shape
    t "$dev pf $1 grid $2 local $3" "$b/saxpy_pf_$1.kgpu" --kernel saxpy_pf \
      --device $dev --grid $2 --local $3 --arg n=$n --arg a=2.0 \
      --arg x=rand:$n:1 --arg y=fill:$n:1.0
  done
done
say "== Triton"
python3 "$carry/triton_saxpy.py" 2>&1 | tail -1 | tee -a "$log"
kill $smi 2>/dev/null
say "probes done $(date -u +%H:%M:%S)"

# The runtime settings for the table: the fastest KGPU_VULKAN_ALLOC for the
# ND-range saxpy, and the one-pass grid where it beat the persistent one on CUDA.
med() { grep -F "$1:" "$log" | sed -n 's/.*median \([0-9.]*\) \(.s\).*/\1 \2/p' \
  | awk '{v=$1; if ($2=="ms") v*=1000; print v}' | head -1; }
best=""; bestv=1e18
for knob in default dedicated device dedicated,device; do
  v=$(med "vk alloc=$knob saxpy-nd 256M"); [ -n "$v" ] || continue
  if awk "BEGIN{exit !($v < $bestv)}"; then best=$knob; bestv=$v; fi
done
[ "$best" = default ] && best=""
export KGPU_VULKAN_ALLOC=$best
a=$(med "cuda pf w4 runtime grid"); o=$(med "cuda pf w4 runtime grid onepass")
if [ -n "$a" ] && [ -n "$o" ] && awk "BEGIN{exit !($o < $a)}"; then
  export KGPU_PARALLEL_GRID=onepass
fi
say "table with KGPU_VULKAN_ALLOC='${KGPU_VULKAN_ALLOC}' KGPU_PARALLEL_GRID='${KGPU_PARALLEL_GRID:-}'"
cd "$carry/repo" && bench/gpu/run-device.sh "$carry" "$out/table"
say "all done $(date -u +%H:%M:%S)"
