#!/usr/bin/env bash
# Builds the H200 pack of the JVM tensor-core GEMMs (docs/jvm.md, "Tensor
# cores"): the corpus kernels ContextKernels::mmaGemm, mmaGemmAsync and
# mmaGemmWarps compiled by kgpu-translate for CUDA and Vulkan, fp16 inputs of
# an N x N product, and the reference C computed on the JVM by
# gemmHalfReference (a plain Java loop, kgpu's reference runner); and
# mmaGemmInt8 (m16n8k32, s8 x s8 + s32) for CUDA and Vulkan against
# gemmInt8Reference. The pack's run.sh launches each kernel on each device
# and compares with the reference (check.py: within 1e-3 relative for f16,
# exact for int8).
# Usage: scripts/device/jvm-mma-pack.sh BUILD_DIR OUT_DIR [N]
set -euo pipefail
build=$(cd "$1" && pwd)
out=$2
n=${3:-512}
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jar="$build/java/kgpu-jvm-api.jar"
javac -g -parameters -cp "$jar" -d "$tmp/classes" "$root"/test/Integration/JVM/Inputs/java/ContextKernels.java
for k in mmaGemm mmaGemmAsync mmaGemmWarps; do
  "$build/bin/kgpu-translate" "$tmp/classes" --kernel "ContextKernels::$k" --targets=cuda,vulkan,cpu -o "$out/$k.kgpu"
done
"$build/bin/kgpu-translate" "$tmp/classes" --kernel ContextKernels::mmaGemmInt8 --targets=cuda,vulkan,cpu -o "$out/mmaGemmInt8.kgpu"
n8=256
"$build/bin/kgpu-translate" "$tmp/classes" --kernel ContextKernels::gemmInt8Reference --targets=cpu -o "$tmp/ref8.kgpu"
"$build/bin/kgpu-run" "$tmp/ref8.kgpu" --device cpu --kernel gemmInt8Reference \
  --arg a=rand:$((n8 * n8)):48 --arg b=rand:$((n8 * n8)):49 --arg c=zeros:$((n8 * n8)) --arg n=$n8 \
  --grid $((n8 / 8)),$((n8 / 8)) --local 8,8 --out a="$out/a8.bin" --out b="$out/b8.bin" >/dev/null
java -cp "$jar" kgpu.jvm.ReferenceRunner --cp "$tmp/classes" --kernel ContextKernels::gemmInt8Reference \
  --arg a=@"$out/a8.bin" --arg b=@"$out/b8.bin" --arg c=zeros:$((n8 * n8)) --arg n=$n8 \
  --grid $((n8 / 8)),$((n8 / 8)) --local 8,8 --out c="$out/ref8.bin"
# The inputs: kgpu-run's generator on the CPU device (a run of the
# reference kernel writes them back out unchanged).
"$build/bin/kgpu-translate" "$tmp/classes" --kernel ContextKernels::gemmHalfReference --targets=cpu -o "$tmp/ref.kgpu"
"$build/bin/kgpu-run" "$tmp/ref.kgpu" --device cpu --kernel gemmHalfReference \
  --arg a=rand:$((n * n)):44 --arg b=rand:$((n * n)):45 --arg c=zeros:$((n * n)) --arg n=$n \
  --grid $((n / 8)),$((n / 8)) --local 8,8 --out a="$out/a.bin" --out b="$out/b.bin" >/dev/null
# The reference on the JVM (one work-item per element, in k order).
java -cp "$jar" kgpu.jvm.ReferenceRunner --cp "$tmp/classes" --kernel ContextKernels::gemmHalfReference \
  --arg a=@"$out/a.bin" --arg b=@"$out/b.bin" --arg c=zeros:$((n * n)) --arg n=$n \
  --grid $((n / 8)),$((n / 8)) --local 8,8 --out c="$out/ref.bin"
cp "$root/scripts/device/jvm-mma-check.py" "$out/check.py"
# kgpu-run and the runtime it loads (\$ORIGIN/../lib), so that the pack does
# not depend on the device's build.
mkdir -p "$out/bin" "$out/lib"
cp "$build/bin/kgpu-run" "$out/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$out/lib/"
cat > "$out/run.sh" <<RUN
#!/usr/bin/env bash
# The JVM tensor-core GEMMs (N = $n) on CUDA and Vulkan against the JVM's
# reference: one PASS/FAIL line per kernel and device. KGPU_RUN: kgpu-run
# (default: the pack's own). DEVICES: the devices of the f16 GEMMs (default
# "cuda vulkan"; empty: none), INT8_DEVICES those of the int8 GEMM (default
# "cuda vulkan"; INT8_DEVICE, one device, is still read).
here=\$(cd "\$(dirname "\$0")" && pwd)
run=\${KGPU_RUN:-\$here/bin/kgpu-run}
fails=0
for dev in \${DEVICES-cuda vulkan}; do
  for k in mmaGemm mmaGemmAsync mmaGemmWarps; do
    case \$k in
      mmaGemmWarps) grid="$((n / 16)),$((n / 32))"; loc=128 ;;
      *) grid="$((n / 8)),$((n / 16))"; loc=32 ;;
    esac
    rm -f "\$here/\$dev.\$k.c"
    if ! "\$run" "\$here/\$k.kgpu" --device \$dev --kernel \$k --repeat 5 \\
        --arg a=@"\$here/a.bin" --arg b=@"\$here/b.bin" --arg c=zeros:$((n * n)) --arg n=$n \\
        --grid \$grid --local \$loc --out c="\$here/\$dev.\$k.c" > "\$here/\$dev.\$k.log" 2>&1; then
      echo "FAIL: \$k on \$dev: kgpu-run: \$(grep -m1 -i error "\$here/\$dev.\$k.log" || tail -1 "\$here/\$dev.\$k.log")"
      fails=\$((fails + 1))
      continue
    fi
    grep -i "time\|on " "\$here/\$dev.\$k.log" | head -3 | sed "s/^/  \$dev \$k: /"
    python3 "\$here/check.py" "\$here/ref.bin" "\$here/\$dev.\$k.c" "\$k on \$dev" || fails=\$((fails + 1))
  done
done
# int8 (m16n8k32), exact.
for dev in \${INT8_DEVICE:-\${INT8_DEVICES-cuda vulkan}}; do
  rm -f "\$here/\$dev.mmaGemmInt8.c"
  if "\$run" "\$here/mmaGemmInt8.kgpu" --device \$dev --kernel mmaGemmInt8 --repeat 5 \\
      --arg a=@"\$here/a8.bin" --arg b=@"\$here/b8.bin" --arg c=zeros:$((n8 * n8)) --arg n=$n8 \\
      --grid $((n8 / 8)),$((n8 / 16)) --local 32 --out c="\$here/\$dev.mmaGemmInt8.c" > "\$here/\$dev.mmaGemmInt8.log" 2>&1; then
    grep -i "time\|on " "\$here/\$dev.mmaGemmInt8.log" | head -3 | sed "s/^/  \$dev mmaGemmInt8: /"
    python3 "\$here/check.py" "\$here/ref8.bin" "\$here/\$dev.mmaGemmInt8.c" "mmaGemmInt8 on \$dev" --exact || fails=\$((fails + 1))
  else
    echo "FAIL: mmaGemmInt8 on \$dev: kgpu-run: \$(grep -m1 -i error "\$here/\$dev.mmaGemmInt8.log" || tail -1 "\$here/\$dev.mmaGemmInt8.log")"
    fails=\$((fails + 1))
  fi
done
echo "jvm-mma: \$fails failed"
exit \$((fails != 0))
RUN
chmod +x "$out/run.sh"
du -sh "$out"
