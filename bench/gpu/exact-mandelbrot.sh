#!/usr/bin/env bash
# Exact-mode floating point on every target, on the GPU machine:
#   bench/gpu/exact-mandelbrot.sh CARRY_DIR OUT_DIR
# CARRY_DIR holds bin/kgpu-run, lib/libkgpu_runtime.so and
# bundles/mandelbrot_exact_{off,on}.kgpu (bench/gpu/prepare.sh). Renders the
# 3840x3200 Mandelbrot of bench/gpu/mandelbrot_exact.kgc on the CPU, CUDA and
# Vulkan from the --fp-contract=off and the default (on) bundles and counts
# the pixels that differ from the CPU's image (exact mode: must be 0).
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out" /tmp/kgpu-exact
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$carry/bin/kgpu-run"
w=3840; h=3200
log="$out/exact.txt"
: > "$log"
for mode in off on; do
  for dev in cpu cuda vulkan; do
    "$run" "$carry/bundles/mandelbrot_exact_$mode.kgpu" --kernel mandel \
      --device "$dev" --grid $((w / 16)),$((h / 16)) --arg out=zeros:$((w * h)) \
      --arg w=$w --arg h=$h --out out=/tmp/kgpu-exact/${mode}_$dev.bin 2>&1 \
      | sed "s/^/fp-contract=$mode $dev: /" | tee -a "$log"
  done
done
python3 - "$log" <<'PY' | tee -a "$log"
import array, sys
def load(p):
    a = array.array("i"); a.frombytes(open(p, "rb").read()); return a
for mode in ("off", "on"):
    ref = load("/tmp/kgpu-exact/%s_cpu.bin" % mode)
    for dev in ("cuda", "vulkan"):
        try:
            got = load("/tmp/kgpu-exact/%s_%s.bin" % (mode, dev))
        except OSError as e:
            print("fp-contract=%s %s: no output (%s)" % (mode, dev, e)); continue
        diff = sum(1 for a, b in zip(ref, got) if a != b)
        print("fp-contract=%s %s vs cpu: %d of %d pixels differ" % (mode, dev, diff, len(ref)))
PY
