#!/usr/bin/env bash
# The Kotlin IR frontend benchmark on the GPU machine, from the repository
# root:
#   bench/gpu/kotlin-device.sh CARRY_DIR OUT_DIR      (CARRY_DIR: .devcarry/kotlin)
# Runs Kernelin's Mandelbrot and the 2D blur (compiled from kotlinc's IR
# dump by bench/gpu/kotlin-prepare.sh) through CUDA, Vulkan and the CPU
# with kgpu-run, compares each output with the JVM's (the same Kotlin
# function run by the CPU dispatcher): both kernels use only + - * / on
# Float and Int, so the bar is bit-identical (docs/kotlin-api.md); prints
# the times. DEVICES="cpu vulkan" (default "cuda vulkan cpu") picks the
# devices, e.g. to try the script with a --small carry on a machine
# without a GPU. Exit status 1 when an output differs or a run fails.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
o=$(mktemp -d)
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$carry/bin/kgpu-run"
b="$carry/bundles"
eval "$(cat "$carry/sizes")"
log="$out/results.txt"
: > "$log"
status=0
say() { echo "$@" | tee -a "$log"; }
# differing 4-byte elements of FILE and the gzipped reference REF
cmp_ref() {
  python3 - "$1" "$2" <<'PY'
import gzip, sys
a = open(sys.argv[1], "rb").read()
r = sys.argv[2]
b = gzip.open(r).read() if r.endswith(".gz") else open(r, "rb").read()
if len(a) != len(b):
    print("size differs: %d vs %d bytes" % (len(a), len(b))); sys.exit(1)
d = sum(1 for i in range(0, len(a), 4) if a[i:i+4] != b[i:i+4])
print("%d of %d differ" % (d, len(a) // 4)); sys.exit(1 if d else 0)
PY
}
check() {  # NAME FILE REF
  local r
  r=$(cmp_ref "$2" "$3") || status=1
  say "$1: $r"
}
timed() {  # LABEL kgpu-run args...
  local label=$1; shift
  "$run" "$@" 2>&1 | sed "s/^/$label: /" | tee -a "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
}
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
say "sizes: $(cat "$carry/sizes")"
"$run" --devices 2>&1 | tee -a "$log"
px=$((MW * MH))
mandel="--kernel mandelbrot --size $px --arg out=zeros:$px --arg width=$MW --arg height=$MH --arg maxIter=$MITER"
blur="--kernel blur2d --size $BW,$BH --arg src=rand:$((BW * BH)):1 --arg dst=zeros:$((BW * BH)) --arg width=$BW --arg height=$BH"
tblur="--kernel blur2d --size $TW,$TH --arg src=rand:$((TW * TH)):1 --arg dst=zeros:$((TW * TH)) --arg width=$TW --arg height=$TH"
first=""
for dev in ${DEVICES:-cuda vulkan cpu}; do
  reps=10; [ "$dev" = cpu ] && reps=3
  say "== $dev"
  "$run" "$b/mandelbrot.kgpu" --device $dev $mandel --out out=$o/mandel_$dev.bin > /dev/null 2>&1 || status=1
  check "mandelbrot ${MW}x${MH} maxIter $MITER vs JVM" $o/mandel_$dev.bin "$carry/ref/mandelbrot.bin.gz"
  timed "mandelbrot ${MW}x${MH}" "$b/mandelbrot.kgpu" --device $dev $mandel --repeat $reps
  "$run" "$b/blur2d.kgpu" --device $dev $blur --out dst=$o/blur_$dev.bin > /dev/null 2>&1 || status=1
  check "blur2d ${BW}x${BH} vs JVM" $o/blur_$dev.bin "$carry/ref/blur2d.bin.gz"
  "$run" "$b/blur2d.kgpu" --device $dev $tblur --out dst=$o/tblur_$dev.bin > /dev/null 2>&1 || status=1
  if [ -n "$first" ]; then
    check "blur2d ${TW}x${TH} vs $first" $o/tblur_$dev.bin $o/tblur_$first.bin
  fi
  [ -n "$first" ] || first=$dev
  timed "blur2d ${TW}x${TH}" "$b/blur2d.kgpu" --device $dev $tblur --repeat $reps
done
rm -rf "$o"
say "status: $([ $status -eq 0 ] && echo ok || echo FAILED)"
exit $status
