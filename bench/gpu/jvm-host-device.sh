#!/usr/bin/env bash
# The JVM examples' kernels through the JVM host against the same bundles
# launched by kgpu-run (issue 12's bar: within 5 %), on a machine without
# Java: everything comes from bench/gpu/jvm-host-prepare.sh's archive.
#   bench/gpu/jvm-host-device.sh DIR OUT_DIR [DEVICES]
# DIR: the unpacked archive (tar -xJf .devcarry/jvmhost/jvmhost.tar.xz);
# DEVICES: default "cuda vulkan". SMALL=1: small sizes (the prepare
# script's check on the CPU here). For each device and example, the host's
# line (JvmHostBench: kernel median and execute median over REPS) and
# kgpu-run's (--repeat REPS on the same bundle, arguments and launch
# shape); then one table row per pair: the ratio kgpu-run median / JVM host
# median (1.00 = the same; above 0.95 is within the bar). Both sides run
# untimed for WARMUP ms (default 1000) first: kgpu-run --warmup, the host
# -DwarmupMs.
# The device call, from the repository root after the prepare script ran
# there (run's carry: [".devcarry/jvmhost", ".gl"]; about 2 minutes on the
# H200 plus the start):
#   for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig;
#   export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json;
#   mkdir -p /tmp/jh && tar -xJf .devcarry/jvmhost/jvmhost.tar.xz -C /tmp/jh &&
#   bash bench/gpu/jvm-host-device.sh /tmp/jh/jvmhost $OUT
set -uo pipefail
d=$(cd "$1" && pwd)
out=$2
devices=${3:-cuda vulkan}
mkdir -p "$out"
log="$out/results.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
export LD_LIBRARY_PATH="$d/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$d/bin/kgpu-run"
b="$d/classes/META-INF/kgpu"
k="$d/classes/kernels"
if [ "${SMALL:-0}" = 1 ]; then
  reps=3; mm=128; n=$((1 << 16)); mw=96; mh=80
else
  reps=10; mm=4096; n=$((1 << 26)); mw=3840; mh=3200
fi
host() {  # DEVICE NAME
  KGPU_DEVICE=$1 "$d/jre/bin/java" --enable-native-access=ALL-UNNAMED -Dkgpu.library.path="$d/lib" \
    -Dkgpu.log=compile -Dkgpu.cache=0 -DwarmupMs="${WARMUP:-1000}" -Dsize=$3 -Dwidth=$mw -Dheight=$mh \
    -cp "$d/classes:$d/jars/*" JvmHostBench "$2" $reps 2>&1 | sed "s/^/$1 /" | tee -a "$log"
}
kr() {  # DEVICE NAME kgpu-run args...
  local dev=$1 name=$2; shift 2
  "$run" "$@" --device "$dev" --repeat $reps --warmup "${WARMUP:-1000}" 2>&1 | sed "s/^/$dev kgpu-run $name: /" | tee -a "$log"
}
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
command -v nvidia-smi > /dev/null && say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
say "jre: $("$d/jre/bin/java" -version 2>&1 | head -1)"
"$run" --devices 2>&1 | tee -a "$log"
px=$((mw * mh))
for dev in $devices; do
  say "== $dev"
  host $dev tornado-matmul $mm
  kr $dev tornado-matmul "$b/TiledMxM.kgpu" --kernel matMulTiled --grid $((mm / 32)),$((mm / 32)) --local 32,32 \
    --arg A=rand:$((mm * mm)):1 --arg B=rand:$((mm * mm)):2 --arg C=zeros:$((mm * mm)) --arg size=$mm
  host $dev tornado-reduction $n
  kr $dev tornado-reduction "$b/ReductionSum.kgpu" --kernel sum --arg input=fill:$n:1 --arg result=zeros:1
  host $dev groovy-vadd $n
  kr $dev groovy-vadd "$b/VectorAdd.kgpu" --kernel vectorAdd --grid $((n / 256)) --local 256 \
    --arg a=rand:$n:1 --arg b=rand:$n:2 --arg c=zeros:$n
  host $dev groovy-mandelbrot 0
  kr $dev groovy-mandelbrot "$b/Mandelbrot.kgpu" --kernel mandel --grid $((mw / 16)),$((mh / 16)) --local 16,16 \
    --arg out=zeros:$px --arg w=$mw --arg h=$mh
  host $dev kotlin-saxpy $n
  kr $dev kotlin-saxpy "$k/saxpy.kgpu" --kernel saxpy --size $n --arg alpha=2.5 --arg x=rand:$n:1 --arg y=rand:$n:2
  host $dev kotlin-mandelbrot 0
  kr $dev kotlin-mandelbrot "$k/mandelbrot.kgpu" --kernel mandelbrot --size $mw,$mh \
    --arg iterations=zeros:$px --arg width=$mw --arg height=$mh --arg maxIter=1000
done
python3 - "$log" <<'PY' | tee -a "$log"
import re, sys
def us(v, unit):
    return float(v) * {"ns": 1e-3, "us": 1.0, "ms": 1e3}[unit]
host, kr = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+) jvm-host (\S+) (\S+): kernel median ([\d.]+) us .*execute median ([\d.]+) us", line)
    if m:
        host[(m[1], m[2])] = (m[3], float(m[4]), float(m[5]))
    m = re.match(r"(\S+) kgpu-run (\S+): time over \d+ runs: min .*, median ([\d.]+) (ns|us|ms),", line)
    if m:
        kr[(m[1], m[2])] = us(m[3], m[4])
print("| example | size | device | JVM host kernel (us) | JVM host execute (us) | kgpu-run kernel (us) | kgpu-run / JVM host |")
print("|---|---|---|---|---|---|---|")
for key, (size, k, e) in host.items():
    r = kr.get(key)
    print("| %s | %s | %s | %.1f | %.1f | %s | %s |" % (key[1], size, key[0], k, e,
          "%.1f" % r if r else "-", "%.3f" % (r / k) if r and k else "-"))
PY
