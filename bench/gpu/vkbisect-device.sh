#!/usr/bin/env bash
# Issue 13, third round: why memory-bound kernels through kgpu's Vulkan path
# run at 0.29x CUDA on the H200 while plain Vulkan is at CUDA's speed
# (bench/RESULTS.md). One run on the GPU machine (needs Vulkan), from a
# directory that bench/gpu/vkbisect-prepare.sh made:
#   DIR/vkbisect-device.sh DIR OUT_DIR
# prints one table (also OUT_DIR/bisect.txt), in this order:
#   A  kgpu-run at 256 M floats: saxpy with x, y constant / x random /
#      both random / x the ramp of the table's saxpy_x.bin ((i % 1000) *
#      0.001) / x random without the upload between runs (--no-reset);
#      sum_f32 of constant, random (twice) and ramp data; every run's time in run order
#      and the upload rates (KGPU_VULKAN_LOG)
#   C  vkprobe-mem bisect: the probe's GLSL saxpy and kgpu's own SPIR-V
#      (from the bundle) in one harness, constant / random (staged) /
#      random and ramp (through the mapping) data, at 256, 64, 128, 192 M,
#      on the first queue family with compute (the probes'), then at 256 M
#      on a compute-only family (kgpu's runtime's: "t4/cq"); at most 75 s
#   B  the same saxpy (x random) and sum (ramp) under each runtime knob
#      (docs/runtime.md "Vulkan memory knobs")
#   D  kgpu-run at 64, 128, 192 M (the rows of A without the repeats)
#   E  CUDA: the same saxpy and sum at 256 M
# GPU clocks are sampled every 50 ms (OUT_DIR/clocks.txt, summarised at the
# end). Sections are skipped once the run nears BUDGET seconds (default 200).
#
# MODE=verify (device call 2) runs instead, on Vulkan and CUDA, without and
# with kgpu-run --warmup 1000, the table's memory-bound kernels at 256 M
# elements (saxpy ND-range and parallel for, float sum and max, int sum)
# and the 8192^2 transpose, then the table's histogram, Mandelbrot and
# SGEMM with --warmup 1000, each line with the SM clocks nvidia-smi saw
# while its kernels ran ("sm MHz" of the busy samples in its time window).
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
log="$out/bisect.txt"
: > "$log"
budget=${BUDGET:-200}
start=$SECONDS
say() { echo "$@" | tee -a "$log"; }
left() { echo $((budget - (SECONDS - start))); }
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run="$carry/bin/kgpu-run"
b="$carry/bundles"
tmp=$(mktemp -d)
big=${BIG:-256}
sizes=${SIZES:-64 128 192}
dev=${DEVICE:-vulkan}

say "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem --format=csv,noheader 2>&1)"
smi=
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw,utilization.gpu \
    --format=csv,noheader -lms 50 > "$out/clocks.txt" 2>&1 &
  smi=$!
fi

# k LABEL [VAR=VALUE...] -- kgpu-run ARGS: one line with every run's time,
# the median and the first upload rates.
k() {
  local label=$1; shift
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local t0 t1
  t0=$(date +%s.%N)
  env "${envs[@]}" KGPU_VULKAN_LOG=1 timeout 40 "$run" "$@" > "$tmp/o" 2> "$tmp/e"
  local rc=$?
  t1=$(date +%s.%N)
  local times med up types
  times=$(sed -n 's/^times in run order: //p' "$tmp/o")
  med=$(sed -n 's/.*median \([0-9.]* .s\).*/\1/p' "$tmp/o")
  up=$(sed -n 's/.*upload of \([0-9]*\) bytes \([a-z ]*\): .*(\([0-9.]*\) GB\/s).*/\3/p' "$tmp/e" \
    | head -4 | tr '\n' ' ')
  types=$(sed -n 's/.*kernel buffer of [0-9]* bytes: type \([0-9]*\).*heap [0-9]*\(, dedicated\)\?\(, mapped\)\?.*/t\1\2\3/p' "$tmp/e" \
    | sed 's/, dedicated/+ded/; s/, mapped/+map/' | sort -u | tr '\n' ' ')
  if [ $rc -ne 0 ] || [ -z "$med" ]; then
    say "$label | FAILED rc=$rc: $(grep -m2 -i error "$tmp/e" "$tmp/o" | tr '\n' ' ')"
  else
    say "$label | median $med | runs: $times | upload GB/s: $up| $types| sm MHz $(smclocks $t0 $t1)"
  fi
}
# smclocks T0 T1: the SM clocks of the busy nvidia-smi samples between two
# epoch times ("345x3 1980x5": clock x samples), or "-".
smclocks() {
  [ -s "$out/clocks.txt" ] || { echo -; return; }
  awk -F', ' -v t0="$1" -v t1="$2" '{
    split($1, dt, /[\/ :]/); sec = mktime(dt[1] " " dt[2] " " dt[3] " " dt[4] " " dt[5] " " int(dt[6]))
    t = sec + (dt[6] - int(dt[6]))
    if (t >= t0 && t <= t1 && $6 + 0 > 0) { c[$3 + 0]++; any = 1 } }
    END { if (!any) { print "-"; exit } for (k in c) printf "%sx%d ", k, c[k]; print "" }' \
    "$out/clocks.txt" | tr -s ' ' | sed 's/ $//'
}
saxpy() { # N XGEN YGEN [extra kgpu-run args]
  local n=$(($1 << 20)) x=$2 y=$3; shift 3
  echo "$b/saxpy.kgpu" --kernel saxpy --device "$dev" --grid $((n / 256)) \
    --arg n=$n --arg a=2.0 --arg x=$x --arg y=$y "$@"
}
gen() { # N KIND SEED: a kgpu-run buffer value
  local n=$(($1 << 20))
  case $2 in
    fill) echo "fill:$n:$3.0" ;;
    rand) echo "rand:$n:$3" ;;
    ramp) echo "@$tmp/ramp.bin" ;;
  esac
}
"$carry/bin/vkprobe-mem" ramp "$big" "$tmp/ramp.bin" || say "cannot write the ramp input"

if [ "${MODE:-bisect}" = verify ]; then
  N=$big
  "$carry/bin/vkprobe-mem" ramp 64 "$tmp/ramp64.bin" || say "cannot write the transpose input"
  # V0: after the idle seconds of building 1 GiB inputs, 400 saxpy runs
  # back to back (--no-reset): when do the times drop to the fast clock's?
  say "== V0: Vulkan saxpy ${N}M x=ramp, 400 runs back to back after the inputs are built"
  "$run" "$b/saxpy.kgpu" --kernel saxpy --device vulkan --grid $((N << 12)) \
    --arg n=$((N << 20)) --arg a=2.0 --arg x=@"$tmp/ramp.bin" --arg y=fill:$((N << 20)):1.0 \
    --repeat 400 --no-reset --times 2>&1 | sed -n 's/^times in run order: //p' | tr ' ' '\n' \
    | paste - - | awk '{v = $1; if ($2 == "us") v /= 1000; if ($2 == "s") v *= 1000; t[NR] = v}
      END { if (!NR) { print "V0: no times"; exit } lo = t[1]; for (i = 1; i <= NR; i++) if (t[i] < lo) lo = t[i]
        for (i = 1; i <= NR && t[i] > 1.5 * lo; i++) busy += t[i]
        printf "V0: %d runs, first %.3f ms, fastest %.3f ms, the first within 1.5x of it: #%d (after %.1f ms of kernels); runs 1-8:", NR, t[1], lo, i, busy
        for (j = 1; j <= 8 && j <= NR; j++) printf " %.3f", t[j]; printf "; last %.3f ms\n", t[NR] }' \
    | tee -a "$log"
  say "== V: Vulkan and CUDA, ${big} M elements, without and with --warmup 1000"
  for warm in 0 1000; do
    w=(); [ $warm -gt 0 ] && w=(--warmup $warm)
    for dv in vulkan cuda; do
      [ "$(left)" -gt 10 ] || { say "V: skipped from $dv warmup $warm on (time)"; break 2; }
      k "V $dv warmup=$warm saxpy ${N}M x=ramp" -- "$b/saxpy.kgpu" --kernel saxpy \
        --device $dv --grid $((N << 12)) --arg n=$((N << 20)) --arg a=2.0 \
        --arg x=@"$tmp/ramp.bin" --arg y=fill:$((N << 20)):1.0 --repeat 5 --times "${w[@]}"
      k "V $dv warmup=$warm saxpy_pf ${N}M x=ramp" -- "$b/saxpy_pf.kgpu" --kernel saxpy_pf \
        --device $dv --arg n=$((N << 20)) --arg a=2.0 --arg x=@"$tmp/ramp.bin" \
        --arg y=fill:$((N << 20)):1.0 --repeat 5 --times "${w[@]}"
      k "V $dv warmup=$warm sum_f32 ${N}M in=ramp" -- "$b/reduce.kgpu" --kernel sum_f32 \
        --device $dv --arg n=$((N << 20)) --arg in=@"$tmp/ramp.bin" --arg out=zeros:1 \
        --repeat 5 --times "${w[@]}"
      k "V $dv warmup=$warm max_f32 ${N}M in=ramp" -- "$b/reduce.kgpu" --kernel max_f32 \
        --device $dv --arg n=$((N << 20)) --arg in=@"$tmp/ramp.bin" --arg out=fill:1:-1e30 \
        --repeat 5 --times "${w[@]}"
      k "V $dv warmup=$warm sum_i32 ${N}M in=rand" -- "$b/reduce.kgpu" --kernel sum_i32 \
        --device $dv --arg n=$((N << 20)) --arg in=rand:$((N << 20)):3 --arg out=zeros:1 \
        --repeat 5 --times "${w[@]}"
      k "V $dv warmup=$warm transpose 8192^2" -- "$b/transpose_local.kgpu" --kernel transpose \
        --device $dv --grid 512,512 --local 16,16 --arg in=@"$tmp/ramp64.bin" \
        --arg out=zeros:$((8192 * 8192)) --arg width=8192 --arg height=8192 --repeat 5 \
        --times "${w[@]}"
    done
  done
  k "V vulkan warmup=3000 saxpy ${N}M x=ramp" -- "$b/saxpy.kgpu" --kernel saxpy \
    --device vulkan --grid $((N << 12)) --arg n=$((N << 20)) --arg a=2.0 \
    --arg x=@"$tmp/ramp.bin" --arg y=fill:$((N << 20)):1.0 --repeat 5 --times --warmup 3000
  k "V vulkan warmup=3000 sum_f32 ${N}M in=ramp" -- "$b/reduce.kgpu" --kernel sum_f32 \
    --device vulkan --arg n=$((N << 20)) --arg in=@"$tmp/ramp.bin" --arg out=zeros:1 \
    --repeat 5 --times --warmup 3000
  say "== V2: the table's other kernels, --warmup 1000"
  "$carry/bin/vkprobe-mem" ramp 16 "$tmp/ramp16.bin" || say "cannot write the SGEMM input"
  for dv in vulkan cuda; do
    [ "$(left)" -gt 10 ] || { say "V2: skipped from $dv on (time)"; break; }
    k "V2 $dv warmup=1000 histogram ${N}M" -- "$b/histogram_global.kgpu" --kernel histogram \
      --device $dv --grid $((N << 12)) --arg data=rand:$((N << 20)):5 --arg n=$((N << 20)) \
      --arg hist=zeros:256 --repeat 5 --times --warmup 1000
    k "V2 $dv warmup=1000 mandelbrot 3840x3200" -- "$b/mandelbrot.kgpu" --kernel mandelbrot \
      --device $dv --grid 240,200 --arg out=zeros:$((3840 * 3200)) --arg width=3840 \
      --arg height=3200 --arg x0=-2.0 --arg y0=-1.25 --arg dx=0.00078125 \
      --arg dy=0.00078125 --arg maxIter=1000 --repeat 5 --times --warmup 1000
    k "V2 $dv warmup=1000 sgemm 4096" -- "$b/sgemm_tiled.kgpu" --kernel sgemm_tiled \
      --device $dv --grid 256,256 --arg M=4096 --arg N=4096 --arg K=4096 --arg alpha=1.0 \
      --arg A=@"$tmp/ramp16.bin" --arg B=@"$tmp/ramp16.bin" --arg beta=0.0 \
      --arg C=zeros:$((4096 * 4096)) --repeat 5 --times --warmup 1000
  done
  [ -n "$smi" ] && kill $smi 2> /dev/null
  rm -rf "$tmp"
  say "done in $((SECONDS - start)) s"
  exit 0
fi

say "== A: kgpu-run on $dev, ${big} M floats, --repeat 5"
N=$big
for xy in "fill fill" "rand fill" "rand rand" "ramp fill"; do
  set -- $xy
  k "A saxpy ${N}M x=$1 y=$2" -- $(saxpy $N "$(gen $N $1 1)" "$(gen $N $2 2)") --repeat 5 --times
done
k "A saxpy ${N}M x=rand y=fill --no-reset" -- \
  $(saxpy $N "$(gen $N rand 1)" "$(gen $N fill 2)") --repeat 5 --times --no-reset
for d in fill rand rand ramp; do
  k "A sum ${N}M in=$d" -- "$b/reduce.kgpu" --kernel sum_f32 --device "$dev" \
    --arg n=$((N << 20)) --arg in="$(gen $N $d 1)" --arg out=zeros:1 --repeat 5 --times
done

say "== C: vkprobe-mem bisect (GLSL vs kgpu's SPIR-V; times in ms)"
t=$(($(left) - 60)); [ $t -gt 75 ] && t=75
if [ $t -gt 10 ]; then
  timeout $t "$carry/bin/vkprobe-mem" bisect --kgpu "$carry/saxpy.spv" \
    $(cat "$carry/saxpy.iface") $big $sizes 2>&1 | tee -a "$log"
else
  say "C: skipped (time)"
fi

say "== B: runtime knobs, ${big} M floats (x random / ramp)"
for knobs in "KGPU_VULKAN_QUEUE=graphics" \
             "KGPU_VULKAN_QUEUE=graphics KGPU_VULKAN_MEMORY=device KGPU_VULKAN_STAGING=host" \
             "KGPU_VULKAN_MEMORY=device KGPU_VULKAN_STAGING=host" \
             "KGPU_VULKAN_UPLOAD=staging KGPU_VULKAN_STAGING=host" \
             "KGPU_VULKAN_UPLOAD=staging" \
             "KGPU_VULKAN_MEMORY=device" \
             "KGPU_VULKAN_DEDICATED=0" \
             "KGPU_VULKAN_DEVICE=minimal" \
             "KGPU_VULKAN_ZERO=device"; do
  [ "$(left)" -gt 45 ] || { say "B: skipped from '$knobs' on (time)"; break; }
  k "B saxpy ${N}M x=rand y=fill $knobs" $knobs -- \
    $(saxpy $N "$(gen $N rand 1)" "$(gen $N fill 2)") --repeat 5 --times
  k "B sum ${N}M in=ramp $knobs" $knobs -- "$b/reduce.kgpu" --kernel sum_f32 \
    --device "$dev" --arg n=$((N << 20)) --arg in="$(gen $N ramp 1)" --arg out=zeros:1 \
    --repeat 5 --times
done

say "== D: kgpu-run on $dev at $sizes M floats, --repeat 3"
for N in $sizes; do
  [ "$(left)" -gt 12 ] || { say "D: skipped from ${N}M on (time)"; break; }
  for xy in "fill fill" "rand fill" "rand rand"; do
    set -- $xy
    k "D saxpy ${N}M x=$1 y=$2" -- $(saxpy $N "$(gen $N $1 1)" "$(gen $N $2 2)") --repeat 3 --times
  done
  for d in fill rand; do
    k "D sum ${N}M in=$d" -- "$b/reduce.kgpu" --kernel sum_f32 --device "$dev" \
      --arg n=$((N << 20)) --arg in="$(gen $N $d 1)" --arg out=zeros:1 --repeat 3 --times
  done
done

say "== E: CUDA, ${big} M floats"
if [ "$(left)" -gt 8 ]; then
  N=$big
  dev=cuda k "E cuda saxpy ${N}M x=rand y=fill" -- \
    $(dev=cuda saxpy $N "$(gen $N rand 1)" "$(gen $N fill 2)") --repeat 5 --times
  k "E cuda sum ${N}M in=ramp" -- "$b/reduce.kgpu" --kernel sum_f32 --device cuda \
    --arg n=$((N << 20)) --arg in="$(gen $N ramp 1)" --arg out=zeros:1 --repeat 5 --times
else
  say "E: skipped (time)"
fi

[ -n "$smi" ] && kill $smi 2> /dev/null
if [ -s "$out/clocks.txt" ]; then
  say "== SM clock samples (MHz: count), memory clock samples"
  awk -F', ' '{sm[$3]++; mem[$4]++} END {for (c in sm) printf "sm %s: %d\n", c, sm[c];
    for (c in mem) printf "mem %s: %d\n", c, mem[c]}' "$out/clocks.txt" | sort | tee -a "$log"
fi
rm -rf "$tmp"
say "done in $((SECONDS - start)) s"
