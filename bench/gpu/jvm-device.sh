#!/usr/bin/env bash
# The JVM frontend benchmark on the GPU machine, from the repository root:
#   bench/gpu/jvm-device.sh CARRY_DIR OUT_DIR      (CARRY_DIR: .devcarry/jvm)
# Runs the Groovy Mandelbrot (KernelContext and @ParallelLoops styles),
# the Java @Parallel vector add and the Java KernelContext tiled matrix
# multiplication on CUDA, Vulkan and the CPU; compares the Mandelbrot with
# the JVM's image and the matrix product with the JVM's (256) and with the
# kgc twin's (4096); times each against its kgc twin.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out" /tmp/kgpu-jvm-out
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$carry/bin/kgpu-run"
b="$carry/bundles"
o=/tmp/kgpu-jvm-out
log="$out/results.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
cmp_count() {  # differing 4-byte elements of two files
  python3 - "$1" "$2" <<'PY'
import sys
a = open(sys.argv[1], "rb").read(); b = open(sys.argv[2], "rb").read()
if len(a) != len(b):
    print("size differs: %d vs %d" % (len(a), len(b))); sys.exit()
n = len(a) // 4
print("%d of %d differ" % (sum(1 for i in range(0, len(a), 4) if a[i:i+4] != b[i:i+4]), n))
PY
}
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1)"
"$run" --devices 2>&1 | tee -a "$log"
w=3840; h=3200; px=$((w * h))
for dev in cuda vulkan cpu; do
  reps=10; [ "$dev" = cpu ] && reps=3
  say "== $dev"
  "$run" "$b/groovy_mandel.kgpu" --kernel mandel --device $dev --grid $((w / 16)),$((h / 16)) \
    --local 16,16 --arg out=zeros:$px --arg w=$w --arg h=$h --repeat $reps 2>&1 | sed "s/^/groovy mandel (KernelContext): /" | tee -a "$log"
  "$run" "$b/groovy_mandel.kgpu" --kernel mandel --device $dev --grid $((w / 16)),$((h / 16)) \
    --local 16,16 --arg out=zeros:$px --arg w=$w --arg h=$h --out out=$o/mandel_$dev.bin > /dev/null 2>&1
  say "groovy mandel (KernelContext) vs JVM: $(cmp_count $o/mandel_$dev.bin $carry/ref/mandel.bin)"
  "$run" "$b/groovy_mandel_loops.kgpu" --kernel mandelLoops --device $dev \
    --arg out=zeros:$px --arg w=$w --arg h=$h --repeat $reps 2>&1 | sed "s/^/groovy mandel (@ParallelLoops): /" | tee -a "$log"
  "$run" "$b/groovy_mandel_loops.kgpu" --kernel mandelLoops --device $dev \
    --arg out=zeros:$px --arg w=$w --arg h=$h --out out=$o/mandel_loops_$dev.bin > /dev/null 2>&1
  say "groovy mandel (@ParallelLoops) vs JVM: $(cmp_count $o/mandel_loops_$dev.bin $carry/ref/mandel.bin)"
  n=$((64 << 20)); [ "$dev" = cpu ] && n=$((16 << 20))
  "$run" "$b/java_vadd.kgpu" --kernel vectorAdd --device $dev --arg a=rand:$n:1 --arg b=rand:$n:2 \
    --arg c=zeros:$n --repeat $reps 2>&1 | sed "s/^/java vadd $n: /" | tee -a "$log"
  for mode in off on; do
    "$run" "$b/kgc_vadd_$mode.kgpu" --kernel vectorAdd --device $dev --arg a=rand:$n:1 --arg b=rand:$n:2 \
      --arg c=zeros:$n --arg n=$n --repeat $reps 2>&1 | sed "s/^/kgc vadd $n (contract $mode): /" | tee -a "$log"
  done
  m=256
  "$run" "$b/java_mxm.kgpu" --kernel matMulTiled --device $dev --grid $((m / 32)),$((m / 32)) --local 32,32 \
    --arg A=rand:$((m * m)):1 --arg B=rand:$((m * m)):2 --arg C=zeros:$((m * m)) --arg size=$m \
    --out C=$o/mxm256_$dev.bin > /dev/null 2>&1
  say "java mxm 256 vs JVM: $(cmp_count $o/mxm256_$dev.bin $carry/ref/mxm256.bin)"
  m=4096; [ "$dev" = cpu ] && m=1024
  common="--grid $((m / 32)),$((m / 32)) --local 32,32 --arg A=rand:$((m * m)):1 --arg B=rand:$((m * m)):2 --arg C=zeros:$((m * m)) --arg size=$m"
  "$run" "$b/java_mxm.kgpu" --kernel matMulTiled --device $dev $common --repeat $reps 2>&1 | sed "s/^/java mxm $m: /" | tee -a "$log"
  "$run" "$b/java_mxm.kgpu" --kernel matMulTiled --device $dev $common --out C=$o/mxm_java_$dev.bin > /dev/null 2>&1
  for mode in off on; do
    "$run" "$b/kgc_mxm_$mode.kgpu" --kernel matMulTiled --device $dev $common --repeat $reps 2>&1 | sed "s/^/kgc mxm $m (contract $mode): /" | tee -a "$log"
  done
  "$run" "$b/kgc_mxm_off.kgpu" --kernel matMulTiled --device $dev $common --out C=$o/mxm_kgc_$dev.bin > /dev/null 2>&1
  say "java mxm $m vs kgc (contract off): $(cmp_count $o/mxm_java_$dev.bin $o/mxm_kgc_$dev.bin)"
done
