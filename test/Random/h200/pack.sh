#!/bin/sh
# Makes the folder that one device run carries (docs/difftest.md, "On the
# NVIDIA H200"):
#   test/Random/h200/pack.sh BUILD DEST
# DEST becomes a minimal kgpu build that runs on another x86-64 Linux image:
#   bin/kgpu-translate      a wrapper: the binary through the dynamic loader with
#                           --library-path DEST/deps (so the linker it runs, cc,
#                           keeps the system's libraries)
#   bin/kgpu-translate.bin  BUILD's binary;  bin/kgpu-run;  lib/libkgpu_runtime.so
#   deps.tar.xz             kgpu-translate's shared libraries outside glibc,
#                           libstdc++ and libgcc (libMLIR, libLLVM, ICU, z3, ...)
#   Random/                 test/Random (the generator, the driver, Inputs/, h200/)
# (about 50 MB: libLLVM and libMLIR compress to 29 and 16 MB). run.sh unpacks
# deps.tar.xz on first use.
set -eu
build=$(cd "${1:?usage: pack.sh BUILD DEST}" && pwd)
dest=${2:?usage: pack.sh BUILD DEST}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dest/bin" "$dest/lib" "$dest/Random"
cp "$build/bin/kgpu-translate" "$dest/bin/kgpu-translate.bin"
cp "$build/bin/kgpu-run" "$dest/bin/kgpu-run"
cp "$build/lib/libkgpu_runtime.so" "$dest/lib/"
cat > "$dest/bin/kgpu-translate" <<'W'
#!/bin/sh
d=$(cd "$(dirname "$0")/.." && pwd)
exec /lib64/ld-linux-x86-64.so.2 --library-path "$d/deps" --argv0 kgpu-translate \
  "$d/bin/kgpu-translate.bin" "$@"
W
chmod +x "$dest/bin/kgpu-translate"
(cd "$here" && tar -cf - --exclude=__pycache__ .) | (cd "$dest/Random" && tar -xf -)
if [ ! -f "$dest/deps.tar.xz" ] || [ "$build/bin/kgpu-translate" -nt "$dest/deps.tar.xz" ]; then
  tmp=$(mktemp -d)
  mkdir "$tmp/deps"
  ldd "$build/bin/kgpu-translate" | awk '/=>/ {print $3}' | while read -r l; do
    case $(basename "$l") in
      libc.so*|libm.so*|libstdc++*|libgcc_s*|libkgpu*) ;;
      *) cp -L "$l" "$tmp/deps/" ;;
    esac
  done
  tar -C "$tmp" -cf - deps | xz -6 -T1 > "$dest/deps.tar.xz"
  rm -rf "$tmp"
fi
du -sh "$dest"
