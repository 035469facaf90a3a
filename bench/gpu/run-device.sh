#!/usr/bin/env bash
# The GPU benchmark, run on the GPU machine from the repository root:
#   [PART=cuda|vulkan|cpu|all|a,b] bench/gpu/run-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR holds bin/kgpu-run, lib/libkgpu_runtime.so and bundles/*.kgpu
# built on the build machine (bench/gpu/prepare.sh). Runs the nvcc-built
# CUDA C kernels, Triton's saxpy, torch.sum/torch.max, and the same kernels
# through kgpu on CUDA, Vulkan and the CPU; checks kgpu's outputs against
# nvcc's; times the CPU backend against gcc -O3 -fopenmp; writes
# OUT_DIR/results.txt and the table with the ratios, OUT_DIR/table.md.
# PART (default all) picks the kgpu devices to run, a comma list of cuda,
# vulkan, cpu: every part builds and runs the nvcc kernels (they write the
# inputs and reference outputs), cuda also runs Triton and torch (the other
# GPU baselines), cpu also gcc -O3 -fopenmp. The whole table takes over
# 360 s; each part alone under 300 s on the H200, so it runs in two calls,
#   PART=cuda run-device.sh CARRY OUT/t1;  PART=vulkan,cpu run-device.sh CARRY OUT/t2
# and `python3 bench/gpu/table.py OUT/t1/results.txt OUT/t2/results.txt`
# joins them (a later file's rows win). BASELINES=0 skips Triton, torch and
# gcc (kgpu's rows and the nvcc kernels only: a CUDA-vs-Vulkan check).
# WARMUP=MS (default 1000; 0 for none) is kgpu-run's --warmup on the GPUs.
set -uo pipefail
baselines=${BASELINES:-1}
part=${PART:-all}
[ "$part" = all ] && part=cuda,vulkan,cpu
has() { case ",$part," in *",$1,"*) return 0 ;; esac; return 1; }
for p in ${part//,/ }; do
  case $p in cuda|vulkan|cpu) ;; *) echo "run-device.sh: unknown PART '$p' (cuda, vulkan, cpu or all)" >&2; exit 2 ;; esac
done
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
ref=/tmp/kgpu-bench-ref
mkdir -p "$ref" /tmp/kgpu-bench-out
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$carry/bin/kgpu-run"
b="$carry/bundles"
log="$out/results.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }

say "date: $(date -u +%Y-%m-%dT%H:%MZ) part: $part"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1)"
say "cpu: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
say "nvcc: $(nvcc --version | tail -1)"
say "devices:"; "$run" --devices 2>&1 | tee -a "$log"

say "== nvcc-built CUDA C"
nvcc -O3 -arch=sm_90a bench/gpu/native.cu -o /tmp/native 2>&1 | tee -a "$log"
/tmp/native "$ref" 2>&1 | tee -a "$log"

if has cuda && [ "$baselines" != 0 ]; then
  say "== Triton"
  python3 bench/gpu/triton_saxpy.py 2>&1 | tail -1 | tee -a "$log"
  say "== torch (CUB)"
  python3 bench/gpu/torch_reduce.py 2>&1 | tee -a "$log"
fi

n=$((256 << 20))
w=3840; h=3200
for dev in cuda vulkan cpu; do
  has $dev || continue
  say "== kgpu on $dev (at $SECONDS s)"
  reps=10; [ "$dev" = cpu ] && reps=5
  # The GPUs' timed runs follow a second of untimed ones (kgpu-run
  # --warmup): after a few idle seconds (reading 1 GiB inputs) the H200
  # under Vulkan runs at its 345 MHz idle clock otherwise (bench/RESULTS.md,
  # issue 13, third round); CUDA gets the same for fairness. WARMUP=0: none.
  warm=(); [ "$dev" != cpu ] && [ "${WARMUP:-1000}" != 0 ] && warm=(--warmup "${WARMUP:-1000}")
  # saxpy: time, then one clean run for the output.
  "$run" "$b/saxpy.kgpu" --kernel saxpy --device "$dev" --grid $((n / 256)) \
    --arg n=$n --arg a=2.0 --arg x=@"$ref/saxpy_x.bin" --arg y=fill:$n:1.0 \
    --repeat $reps "${warm[@]}" 2>&1 | sed "s/^/kgpu $dev saxpy: /" | tee -a "$log"
  "$run" "$b/saxpy.kgpu" --kernel saxpy --device "$dev" --grid $((n / 256)) \
    --arg n=$n --arg a=2.0 --arg x=@"$ref/saxpy_x.bin" --arg y=fill:$n:1.0 \
    --out y=/tmp/kgpu-bench-out/saxpy_$dev.bin > /dev/null 2>&1
  "$run" "$b/mandelbrot.kgpu" --kernel mandelbrot --device "$dev" \
    --grid $((w / 16)),$((h / 16)) --arg out=zeros:$((w * h)) --arg width=$w \
    --arg height=$h --arg x0=-2.0 --arg y0=-1.25 --arg dx=$(python3 -c "print(3.0/$w)") \
    --arg dy=$(python3 -c "print(2.5/$h)") --arg maxIter=1000 --repeat $reps "${warm[@]}" \
    --out out=/tmp/kgpu-bench-out/mandelbrot_$dev.bin 2>&1 \
    | sed "s/^/kgpu $dev mandelbrot: /" | tee -a "$log"
  # sum_f32 on every device (the CPU row against OpenMP's reduction).
  "$run" "$b/reduce.kgpu" --kernel sum_f32 --device "$dev" --arg n=$n \
    --arg in=@"$ref/saxpy_x.bin" --arg out=zeros:1 --repeat $reps "${warm[@]}" \
    --out out=/tmp/kgpu-bench-out/sum_f32_$dev.bin 2>&1 \
    | sed "s/^/kgpu $dev sum_f32: /" | tee -a "$log"
  if [ "$dev" != cpu ]; then
    "$run" "$b/saxpy_pf.kgpu" --kernel saxpy_pf --device "$dev" \
      --arg n=$n --arg a=2.0 --arg x=@"$ref/saxpy_x.bin" --arg y=fill:$n:1.0 \
      --repeat $reps "${warm[@]}" --out y=/tmp/kgpu-bench-out/saxpy_pf_$dev.bin 2>&1 \
      | sed "s/^/kgpu $dev saxpy_pf: /" | tee -a "$log"
    for k in sum_i32 max_i32; do
      "$run" "$b/reduce.kgpu" --kernel $k --device "$dev" --arg n=$n \
        --arg in=@"$ref/histogram_data.bin" --arg out=zeros:1 --repeat $reps "${warm[@]}" \
        --out out=/tmp/kgpu-bench-out/${k}_$dev.bin 2>&1 \
        | sed "s/^/kgpu $dev $k: /" | tee -a "$log"
    done
    "$run" "$b/reduce.kgpu" --kernel max_f32 --device "$dev" --arg n=$n \
      --arg in=@"$ref/saxpy_x.bin" --arg out=fill:1:-1e30 --repeat $reps "${warm[@]}" \
      --out out=/tmp/kgpu-bench-out/max_f32_$dev.bin 2>&1 \
      | sed "s/^/kgpu $dev max_f32: /" | tee -a "$log"
    "$run" "$b/transpose_local.kgpu" --kernel transpose --device "$dev" \
      --grid 512,512 --local 16,16 --arg in=@"$ref/transpose_in.bin" \
      --arg out=zeros:$((8192 * 8192)) --arg width=8192 --arg height=8192 \
      --repeat $reps "${warm[@]}" --out out=/tmp/kgpu-bench-out/transpose_$dev.bin 2>&1 \
      | sed "s/^/kgpu $dev transpose: /" | tee -a "$log"
    "$run" "$b/histogram_global.kgpu" --kernel histogram --device "$dev" \
      --grid $((n / 256)) --arg data=@"$ref/histogram_data.bin" --arg n=$n \
      --arg hist=zeros:256 --repeat $reps "${warm[@]}" \
      --out hist=/tmp/kgpu-bench-out/histogram_$dev.bin 2>&1 \
      | sed "s/^/kgpu $dev histogram: /" | tee -a "$log"
    "$run" "$b/sgemm_tiled.kgpu" --kernel sgemm_tiled --device "$dev" \
      --grid 256,256 --arg M=4096 --arg N=4096 --arg K=4096 --arg alpha=1.0 \
      --arg A=@"$ref/sgemm_a.bin" --arg B=@"$ref/sgemm_b.bin" --arg beta=0.0 \
      --arg C=zeros:$((4096 * 4096)) --repeat $reps "${warm[@]}" \
      --out C=/tmp/kgpu-bench-out/sgemm_$dev.bin 2>&1 \
      | sed "s/^/kgpu $dev sgemm: /" | tee -a "$log"
  fi
done

if has cpu && [ "$baselines" != 0 ]; then
  say "== gcc -O3 -fopenmp (CPU baseline)"
  gcc -O3 -march=x86-64 -fopenmp bench/gpu/cpu_ref.c -o /tmp/cpu_ref 2>&1 | tee -a "$log"
  /tmp/cpu_ref 2>&1 | tee -a "$log"
fi

say "== correctness against nvcc's outputs (part $part)"
python3 bench/gpu/compare.py "$ref" /tmp/kgpu-bench-out 2>&1 | tee -a "$log"

say "== table"
python3 bench/gpu/table.py "$log" 2>&1 | tee "$out/table.md"
say "done: part $part in $SECONDS s"
