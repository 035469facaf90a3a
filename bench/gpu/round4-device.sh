#!/usr/bin/env bash
# Issue 13, fourth round, in one call on the H200 (about 400 s):
#   bash bench/gpu/round4-device.sh PACK OUT   (PACK from round4-prepare.sh)
# 1. the whole table (run-device.sh, PART=all) with kgpu-run's warm-up now
#    keeping 4 launches in flight, and the Vulkan kernels' 16-byte accesses
#    (kgpu-spirv-vector-access), nvidia-smi's clocks every 100 ms beside it;
# 2. CPU Mandelbrot with the runtime before (lib-old: fixed chunks of an
#    eighth of a worker's share) and now (guided self-scheduling), twice each;
# 3. the parallel-for saxpy variants against Triton (pf-variants-device.sh).
set -u
pack=$(cd "$1" && pwd)
OUT=$2
mkdir -p "$OUT"
for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,utilization.gpu --format=csv -lms 100 > "$OUT/clocks.csv" 2>&1 &
smi=$!
start=$SECONDS
( cd "$pack/table/repo" && PART=all bash bench/gpu/run-device.sh .. "$OUT/t" ) > "$OUT/table.log" 2>&1
echo "table: $((SECONDS - start)) s" >> "$OUT/times.txt"
c=$pack/table
w=3840; h=3200
if [ -d "$c/lib-old" ]; then
  for lib in lib-old lib lib-old lib; do
    LD_LIBRARY_PATH=$c/$lib "$c/bin/kgpu-run" "$c/bundles/mandelbrot.kgpu" --kernel mandelbrot --device cpu \
      --grid $((w / 16)),$((h / 16)) --arg out=zeros:$((w * h)) --arg width=$w --arg height=$h \
      --arg x0=-2.0 --arg y0=-1.25 --arg dx=0.00078125 --arg dy=0.00078125 --arg maxIter=1000 --repeat 5 2>&1 \
      | grep median | sed "s/^/cpu mandelbrot $lib: /" >> "$OUT/cpu-ab.txt"
  done
  echo "cpu a/b: $((SECONDS - start)) s" >> "$OUT/times.txt"
fi
bash "$pack/pfv/repo/bench/gpu/pf-variants-device.sh" "$pack/pfv" "$OUT/pfv" > "$OUT/pfv.log" 2>&1
echo "pfv: $((SECONDS - start)) s" >> "$OUT/times.txt"
kill $smi
