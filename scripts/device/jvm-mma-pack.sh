#!/usr/bin/env bash
# Builds the H200 pack of the JVM tensor-core GEMMs (docs/jvm.md, "Tensor
# cores"): the corpus kernels ContextKernels::mmaGemm, mmaGemmAsync and
# mmaGemmWarps compiled by kgpu-translate for CUDA and Vulkan, fp16 inputs of
# an N x N product, and the reference C computed on the JVM by
# gemmHalfReference (a plain Java loop, kgpu's reference runner). The pack's
# run.sh launches each kernel on CUDA and on Vulkan and compares with the
# reference (check.py).
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
  "$build/bin/kgpu-translate" "$tmp/classes" --kernel "ContextKernels::$k" --targets=cuda,vulkan -o "$out/$k.kgpu"
done
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
cat > "$out/run.sh" <<RUN
#!/usr/bin/env bash
# The JVM tensor-core GEMMs (N = $n) on CUDA and Vulkan against the JVM's
# reference: one PASS/FAIL line per kernel and device. KGPU_RUN: kgpu-run
# (default build/bin/kgpu-run under the current directory).
here=\$(cd "\$(dirname "\$0")" && pwd)
run=\${KGPU_RUN:-build/bin/kgpu-run}
fails=0
for dev in cuda vulkan; do
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
echo "jvm-mma: \$fails failed"
exit \$((fails != 0))
RUN
chmod +x "$out/run.sh"
du -sh "$out"
