#!/bin/sh
# Makes the folder that one device run carries (docs/difftest.md, "On the
# NVIDIA H200"):
#   test/Random/h200/pack.sh BUILD DEST
# DEST becomes a minimal kgpu build for another x86-64 Linux image (run.sh
# unpacks it on first use), about 60 MB:
#   bin/kgpu-translate      a wrapper: the binary through the dynamic loader with
#                           --library-path DEST/deps (so the linker it runs, cc,
#                           keeps the system's libraries)
#   bin/kgpu-translate.bin.xz, bin/kgpu-run, lib/libkgpu_runtime.so.xz
#   deps/libLLVM.so.22.1.xz, deps/libMLIR.so.22.1.xz (29 and 16 MB)
#   deps/other.tar.xz       kgpu-translate's other shared libraries outside
#                           glibc, libstdc++ and libgcc (z3, libxml2, libzip,
#                           SPIRV-Cross, ...), with a stub libicudata.so.72: ICU's
#                           31 MB of data are never read (libxml2 needs libicuuc
#                           only to load; kgpu converts no encodings)
#   Random/                 test/Random (the generator, the driver, Inputs/, h200/)
set -eu
build=$(cd "${1:?usage: pack.sh BUILD DEST}" && pwd)
dest=${2:?usage: pack.sh BUILD DEST}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dest/bin" "$dest/lib" "$dest/deps" "$dest/Random"
xz -6 -T2 -c "$build/bin/kgpu-translate" > "$dest/bin/kgpu-translate.bin.xz"
cp "$build/bin/kgpu-run" "$dest/bin/kgpu-run"
xz -6 -T2 -c "$build/lib/libkgpu_runtime.so" > "$dest/lib/libkgpu_runtime.so.xz"
cat > "$dest/bin/kgpu-translate" <<'W'
#!/bin/sh
d=$(cd "$(dirname "$0")/.." && pwd)
exec /lib64/ld-linux-x86-64.so.2 --library-path "$d/deps" --argv0 kgpu-translate \
  "$d/bin/kgpu-translate.bin" "$@"
W
chmod +x "$dest/bin/kgpu-translate"
# WBIN=another kgpu-translate binary (a candidate workaround): packed as
# bin/kgpu-translate-w for run.sh's step 8
if [ -n "${WBIN:-}" ]; then
  xz -6 -T2 -c "$WBIN" > "$dest/bin/kgpu-translate-w.bin.xz"
  sed 's/kgpu-translate\.bin/kgpu-translate-w.bin/' "$dest/bin/kgpu-translate" > "$dest/bin/kgpu-translate-w"
  chmod +x "$dest/bin/kgpu-translate-w"
fi
(cd "$here" && tar -cf - --exclude=__pycache__ .) | (cd "$dest/Random" && tar -xf -)
tmp=$(mktemp -d)
mkdir "$tmp/deps"
ldd "$build/bin/kgpu-translate" | awk '/=>/ {print $3}' | while read -r l; do
  b=$(basename "$l")
  case $b in
    libc.so*|libm.so*|libstdc++*|libgcc_s*|libkgpu*|libicudata*) ;;
    libLLVM.so*|libMLIR.so*)
      [ -f "$dest/deps/$b.xz" ] || xz -6 -T2 -c "$l" > "$dest/deps/$b.xz" ;;
    *) cp -L "$l" "$tmp/deps/" ;;
  esac
done
printf 'const char icudt72_dat[64] __attribute__((aligned(16))) = {0};\n' > "$tmp/stub.c"
cc -shared -fPIC -Wl,-soname,libicudata.so.72 -o "$tmp/deps/libicudata.so.72" "$tmp/stub.c"
tar -C "$tmp" -cf - deps | xz -6 -T2 > "$dest/deps/other.tar.xz"
rm -rf "$tmp"
du -sh "$dest"
