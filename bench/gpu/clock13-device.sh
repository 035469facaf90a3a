#!/usr/bin/env bash
# Issue 13: Vulkan reductions and the SM clock. Each line: the kernel's
# times under the table's method (--warmup 1000, 10 synchronous runs),
# a 3 s warm-up, and 200 runs back to back (--queued); nvidia-smi's SM
# clock every 50 ms beside it, with a timestamp before each run.
#   bash bench/gpu/clock13-device.sh PACK OUT
# PACK: bin/kgpu-run (with --queued), lib/libkgpu_runtime.so, and
# bundles/reduce.kgpu and saxpy_pf.kgpu as bench/gpu/prepare.sh builds them.
# Results: bench/RESULTS.md, "the Vulkan reductions at a raised clock".
set -u
p=$(cd "$1" && pwd); OUT=$2; mkdir -p "$OUT"
export LD_LIBRARY_PATH=$p/lib
n=$((256 << 20))
log=$OUT/clock13.txt; : > "$log"
nvidia-smi --query-gpu=timestamp,clocks.sm,utilization.gpu --format=csv,noheader -lms 50 > "$OUT/clock13-smi.csv" 2>&1 &
smi=$!
one() {  # DEV KERNEL LABEL ARGS...
  local dev=$1 k=$2 label=$3; shift 3
  echo "$(date +%T.%N | cut -c1-12) start $dev $k $label" >> "$log"
  if [ "$k" = saxpy_pf ]; then
    "$p/bin/kgpu-run" "$p/bundles/saxpy_pf.kgpu" --kernel saxpy_pf --device $dev --arg n=$n --arg a=2.0 \
      --arg x=rand:$n:1 --arg y=fill:$n:1.0 "$@" 2>&1 | grep -E 'time over|error' | sed "s/^/$dev $k $label: /" >> "$log"
  else
    "$p/bin/kgpu-run" "$p/bundles/reduce.kgpu" --kernel $k --device $dev --arg n=$n \
      --arg in=rand:$n:1 --arg out=zeros:1 "$@" 2>&1 | grep -E 'time over|error' | sed "s/^/$dev $k $label: /" >> "$log"
  fi
}
for k in sum_f32 max_i32 saxpy_pf; do
  one vulkan $k "table(w1000,sync10)" --warmup 1000 --repeat 10
  one vulkan $k "w3000,sync10" --warmup 3000 --repeat 10
  one vulkan $k "w3000,queued200" --warmup 3000 --repeat 200 --queued
  one cuda $k "w1000,sync10" --warmup 1000 --repeat 10
  one cuda $k "w3000,queued200" --warmup 3000 --repeat 200 --queued
done
echo "$(date +%T.%N | cut -c1-12) end" >> "$log"
kill $smi
cat "$log"
