#!/usr/bin/env bash
# Installs everything kgpu needs to build and test on Debian 12 (bookworm):
# Debian's LLVM/MLIR 22, Ninja, CMake, GoogleTest, and the SPIR-V tools
# (spirv-val, SPIRV-Cross and its C API, glslangValidator), and the Vulkan
# loader with Mesa's lavapipe for the runtime's tests. Safe to run repeatedly:
# it only calls apt-get when a package is missing.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools
  cmake ninja-build g++ git python3
  libgtest-dev
  clang-22 libclang-rt-22-dev
  spirv-tools spirv-cross libspirv-cross-c-shared-dev glslang-tools
  libvulkan-dev libvulkan1 mesa-vulkan-drivers
  libpng-dev
  libzip-dev
  python3-dev python3-numpy python3-pytest python3-pip
  openjdk-17-jdk-headless curl ca-certificates
  zlib1g-dev libzstd-dev libxml2-dev libffi-dev libedit-dev libcurl4-openssl-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# pip_install_into DIR ARGS...: installs wheels with pip into DIR
# (--target; --no-deps, --upgrade), ARGS being requirement specifiers and
# pip options (--require-hashes -r FILE, ...). Installs Debian's pip first
# when python3 has none.
pip_install_into() {
  local dir="$1"
  shift
  if ! python3 -m pip --version >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-pip
  fi
  $SUDO mkdir -p "$dir"
  $SUDO python3 -m pip install -q --disable-pip-version-check --no-deps \
    --upgrade --target "$dir" "$@"
}

# The CUDA target's toolkit, without a GPU or a driver, from NVIDIA's wheels:
# nvidia-cuda-nvcc (ptxas, fatbinary, nvlink) and nvidia-nvvm (libdevice,
# which nvidia-cuda-nvcc no longer carries since 13.x). One setting,
# KGPU_CUDA_WHEEL_DIR (default /opt/kgpu/cuda-wheel), is honoured by this
# script, the CMake build (cmake/KgpuAddKernels.cmake), the lit suite and the
# benchmarks; the toolkit root is then $KGPU_CUDA_WHEEL_DIR/nvidia/cu13.
CUDA_WHEEL_DIR="${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}"
CUDA_WHEEL_VERSION="13.5.37"
CUDA_ROOT_DIR="$CUDA_WHEEL_DIR/nvidia/cu13"
# Every file of the toolkit that the build and the tests use.
CUDA_FILES=(bin/ptxas bin/fatbinary nvvm/libdevice/libdevice.10.bc)
# wheel name -> a file it installs
declare -A CUDA_WHEELS=(
  [nvidia-cuda-nvcc]=bin/ptxas
  [nvidia-nvvm]=nvvm/libdevice/libdevice.10.bc
)
missing_wheel=0
for wheel in "${!CUDA_WHEELS[@]}"; do
  if [ ! -e "$CUDA_ROOT_DIR/${CUDA_WHEELS[$wheel]}" ]; then
    missing_wheel=1
  fi
done
if [ "$missing_wheel" -ne 0 ]; then
  wheels=()
  for wheel in "${!CUDA_WHEELS[@]}"; do
    wheels+=("$wheel==$CUDA_WHEEL_VERSION")
  done
  echo "install-deps: installing ${wheels[*]} into $CUDA_WHEEL_DIR"
  # All wheels in one pip call: with --target, pip replaces the shared
  # nvidia/ folder on every call. --no-deps: the wheels' other dependencies
  # (CUDA runtime headers and libraries) are not needed to compile kernels;
  # bench/compile_time installs what nvcc needs for itself.
  pip_install_into "$CUDA_WHEEL_DIR" "${wheels[@]}"
fi

# The Python package's build tools from PyPI (python/, docs/python.md):
# nanobind, which the project build's extension compiles against, and
# scikit-build-core with its dependencies, so that `pip install
# --no-build-isolation ./python` works offline too. Pure-Python wheels, each
# checked against the SHA-256 pinned here (pip --require-hashes), installed
# with --target into KGPU_PYTHON_TOOLS_DIR (default /opt/kgpu/python; the
# CMake build's KGPU_NANOBIND_DIR); a wheel already there at the pinned
# version is not downloaded again.
PYTHON_TOOLS_DIR="${KGPU_PYTHON_TOOLS_DIR:-/opt/kgpu/python}"
PYTHON_WHEELS=(
  "nanobind==3.1.0 --hash=sha256:96984dbe8154ffb86e653b1b60aaeed6985c710c5e75ad0279eb87943c66292d"
  "scikit-build-core==1.1.2 --hash=sha256:7f4f959a467692db50bdd1ea7ce1507f2c7972e6023b753ee302d169bc4cec85"
  "pathspec==1.1.1 --hash=sha256:a00ce642f577bf7f473932318056212bc4f8bfdf53128c78bbd5af0b9b20b189"
  "packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2"
)
python_missing=0
for entry in "${PYTHON_WHEELS[@]}"; do
  spec="${entry%% *}"
  dist="${spec%%==*}"
  dist="${dist//-/_}"
  if [ ! -d "$PYTHON_TOOLS_DIR/$dist-${spec##*==}.dist-info" ]; then
    python_missing=1
  fi
done
if [ "$python_missing" -ne 0 ]; then
  requirements=$(mktemp "${TMPDIR:-/tmp}/kgpu-python-req.XXXXXX")
  printf '%s\n' "${PYTHON_WHEELS[@]}" >"$requirements"
  echo "install-deps: installing ${PYTHON_WHEELS[*]%% *} into $PYTHON_TOOLS_DIR"
  pip_install_into "$PYTHON_TOOLS_DIR" --only-binary :all: --require-hashes -r "$requirements"
  rm -f "$requirements"
fi

# The JVM toolchains the JVM frontend's tests compile kernels with, from Maven
# Central (javac 17 is Debian's default JDK; Temurin 25 comes with the
# machine): Groovy 6.0.0 (groovyc: org.apache.groovy:groovy alone carries
# FileSystemCompiler and its shaded picocli/ASM/ANTLR; @CompileStatic needs
# nothing else) and kotlinc 2.4.21 (kotlin-compiler-embeddable and the
# runtime dependencies of its POM). One setting, KGPU_JVM_TOOLS_DIR (default
# /opt/kgpu/jvm), is honoured by this script, the CMake build
# (java/CMakeLists.txt) and the lit suite; the wrappers are then
# $KGPU_JVM_TOOLS_DIR/bin/{groovyc,kotlinc}. Every jar is checked against the
# SHA-256 pinned here (the SHA-1s Maven serves beside them were checked equal
# when the sums were pinned, 2026-12-01); a jar that is present and matches is
# not downloaded again.
JVM_TOOLS_DIR="${KGPU_JVM_TOOLS_DIR:-/opt/kgpu/jvm}"
MAVEN_CENTRAL="${KGPU_MAVEN_REPO:-https://repo1.maven.org/maven2}"
GROOVY_VERSION=6.0.0
KOTLIN_VERSION=2.4.21
# group:artifact:version sha256 subdirectory
JVM_JARS=(
  "org.apache.groovy:groovy:$GROOVY_VERSION 6bcbec490ac1ade0dca6566dca9d02897cbb8fc31ee4008e950451aa83b1ac76 groovy-$GROOVY_VERSION"
  "org.jetbrains.kotlin:kotlin-compiler-embeddable:$KOTLIN_VERSION ef19419c765e7ac8404465fa026ca8fc4dbb8a822de0fc79aa53c8dce29f1d02 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlin:kotlin-stdlib:$KOTLIN_VERSION bd8250210584cb659847dce9cda660f8e9906e5def7fbebcea93dc6dcb6a88a3 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlin:kotlin-script-runtime:$KOTLIN_VERSION a658cf5902a1525a06c264a5e42b437e97a6679ddeef8ca641246f270cf6a013 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlin:kotlin-reflect:1.6.10 3277ac102ae17aad10a55abec75ff5696c8d109790396434b496e75087854203 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlin:kotlin-daemon-embeddable:$KOTLIN_VERSION 7b3ef24674e5bcffcadfc4e43202ea314194939ecbcdd90a4770b2f1b04e0d07 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlin:kotlin-build-tools-api:$KOTLIN_VERSION c5cd6a49bd072b529ae10809111c16a7aa0f92147e95d288354017fd65799461 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.8.0 9860906a1937490bf5f3b06d2f0e10ef451e65b95b269f22daf68a3d1f5065c5 kotlinc-$KOTLIN_VERSION"
  "org.jetbrains:annotations:13.0 ace2a10dc8e2d5fd34925ecac03e4988b2c0f851650c94b8cef49ba1bd111478 kotlinc-$KOTLIN_VERSION"
)
JVM_TOOL_FILES=()
jvm_fetch() { # coordinates sha256 subdirectory
  local g a v
  IFS=: read -r g a v <<<"$1"
  local dir="$JVM_TOOLS_DIR/$3" file="$a-$v.jar"
  JVM_TOOL_FILES+=("$dir/$file")
  if [ -f "$dir/$file" ] && echo "$2  $dir/$file" | sha256sum --quiet -c - 2>/dev/null; then
    return 0
  fi
  if ! command -v curl >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends curl ca-certificates
  fi
  local url="$MAVEN_CENTRAL/${g//.//}/$a/$v/$file"
  echo "install-deps: downloading $url"
  $SUDO mkdir -p "$dir"
  local tmp
  tmp=$(mktemp "${TMPDIR:-/tmp}/kgpu-jar.XXXXXX")
  if ! curl -fsSL --retry 3 -o "$tmp" "$url"; then
    rm -f "$tmp"
    echo "install-deps: error: cannot download $url" >&2
    return 1
  fi
  if ! echo "$2  $tmp" | sha256sum --quiet -c - >/dev/null 2>&1; then
    rm -f "$tmp"
    echo "install-deps: error: $url does not have the pinned SHA-256 $2" >&2
    return 1
  fi
  $SUDO install -m 0644 "$tmp" "$dir/$file"
  rm -f "$tmp"
}
for entry in "${JVM_JARS[@]}"; do
  # shellcheck disable=SC2086
  jvm_fetch $entry
done
# The wrappers: plain `groovyc`/`kotlinc` command lines. KGPU_JAVA picks the
# JVM that runs the compiler (default: java on PATH); KGPU_JVM_OPTS adds JVM
# options. kotlinc has no Kotlin home here: the wrapper passes -no-stdlib
# -no-reflect and puts kotlin-stdlib on the class path itself (appended to a
# -cp/-classpath the caller gives), so the Kotlin IR dump flags
# (-Xphases-to-dump-before=..., -Xdump-directory=...) work as documented.
jvm_wrapper() { # name body
  local tmp
  tmp=$(mktemp "${TMPDIR:-/tmp}/kgpu-wrapper.XXXXXX")
  printf '%s\n' "$2" >"$tmp"
  $SUDO mkdir -p "$JVM_TOOLS_DIR/bin"
  if ! cmp -s "$tmp" "$JVM_TOOLS_DIR/bin/$1"; then
    $SUDO install -m 0755 "$tmp" "$JVM_TOOLS_DIR/bin/$1"
  fi
  rm -f "$tmp"
}
jvm_wrapper groovyc "#!/bin/sh
# groovyc $GROOVY_VERSION (written by kgpu's scripts/install-deps.sh)
exec \"\${KGPU_JAVA:-java}\" \${KGPU_JVM_OPTS:-} -cp \"$JVM_TOOLS_DIR/groovy-$GROOVY_VERSION/groovy-$GROOVY_VERSION.jar\" \\
  org.codehaus.groovy.tools.FileSystemCompiler \"\$@\""
KOTLIN_LIB="$JVM_TOOLS_DIR/kotlinc-$KOTLIN_VERSION"
jvm_wrapper kotlinc "#!/usr/bin/env bash
# kotlinc $KOTLIN_VERSION (written by kgpu's scripts/install-deps.sh)
lib=\"$KOTLIN_LIB\"
cp=\"\$lib/kotlin-compiler-embeddable-$KOTLIN_VERSION.jar:\$lib/kotlin-stdlib-$KOTLIN_VERSION.jar:\$lib/kotlin-script-runtime-$KOTLIN_VERSION.jar:\$lib/kotlin-reflect-1.6.10.jar:\$lib/kotlin-daemon-embeddable-$KOTLIN_VERSION.jar:\$lib/kotlin-build-tools-api-$KOTLIN_VERSION.jar:\$lib/kotlinx-coroutines-core-jvm-1.8.0.jar:\$lib/annotations-13.0.jar\"
stdlib=\"\$lib/kotlin-stdlib-$KOTLIN_VERSION.jar\"
args=()
have_cp=0
while [ \$# -gt 0 ]; do
  case \"\$1\" in
    -cp|-classpath)
      args+=(\"\$1\" \"\${2:-}:\$stdlib\"); have_cp=1; shift; [ \$# -gt 0 ] && shift ;;
    *) args+=(\"\$1\"); shift ;;
  esac
done
if [ \$have_cp -eq 0 ]; then args=(-cp \"\$stdlib\" \"\${args[@]}\"); fi
# shellcheck disable=SC2086
exec \"\${KGPU_JAVA:-java}\" \${KGPU_JVM_OPTS:-} -cp \"\$cp\" \\
  org.jetbrains.kotlin.cli.jvm.K2JVMCompiler -no-stdlib -no-reflect \"\${args[@]}\""

# Apache Maven, for the JVM artifacts' Maven projects (java/pom.xml and its
# modules, docs/jvm-packaging.md): the binary distribution from Maven
# Central (SHA-256 pinned; the SHA-512 Maven serves beside it was checked
# equal, 2026-12-01) unpacked into $JVM_TOOLS_DIR/apache-maven-VERSION, and
# the wrapper $JVM_TOOLS_DIR/bin/mvn, which runs it on the JDK 25
# (KGPU_JDK25_HOME; the host binding is Java 22). Maven 3.9 rather than
# Debian's 3.8: the tests chain a read-only plugin repository
# (maven.repo.local.tail, new in 3.9). Then every plugin and dependency the
# build uses is fetched once into the repository $KGPU_MAVEN_REPO (default
# $JVM_TOOLS_DIR/m2) by building the projects themselves (no tests run), so
# that `mvn -o` works afterwards; a stamp keyed by the POMs' SHA-256 skips
# that when nothing changed.
MAVEN_VERSION=3.9.16
MAVEN_SHA256=80ffca22aed9e8b9713a232f3394fd81d7f20322df75efdb2b047dbd3e3a23bb
MAVEN_DIR="$JVM_TOOLS_DIR/apache-maven-$MAVEN_VERSION"
MAVEN_REPO="${KGPU_MAVEN_REPO:-$JVM_TOOLS_DIR/m2}"
JDK25_HOME="${KGPU_JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
if [ ! -x "$MAVEN_DIR/bin/mvn" ] || [ "$(cat "$MAVEN_DIR/.kgpu-sha256" 2>/dev/null)" != "$MAVEN_SHA256" ]; then
  url="$MAVEN_CENTRAL/org/apache/maven/apache-maven/$MAVEN_VERSION/apache-maven-$MAVEN_VERSION-bin.tar.gz"
  echo "install-deps: downloading $url"
  tmp=$(mktemp "${TMPDIR:-/tmp}/kgpu-maven.XXXXXX")
  if ! curl -fsSL --retry 3 -o "$tmp" "$url"; then
    rm -f "$tmp"
    echo "install-deps: error: cannot download $url" >&2
    exit 1
  fi
  if ! echo "$MAVEN_SHA256  $tmp" | sha256sum --quiet -c - >/dev/null 2>&1; then
    rm -f "$tmp"
    echo "install-deps: error: $url does not have the pinned SHA-256 $MAVEN_SHA256" >&2
    exit 1
  fi
  $SUDO rm -rf "$MAVEN_DIR"
  $SUDO mkdir -p "$JVM_TOOLS_DIR"
  $SUDO tar -xzf "$tmp" -C "$JVM_TOOLS_DIR"
  rm -f "$tmp"
  echo "$MAVEN_SHA256" | $SUDO tee "$MAVEN_DIR/.kgpu-sha256" >/dev/null
fi
jvm_wrapper mvn "#!/bin/sh
# Apache Maven $MAVEN_VERSION (written by kgpu's scripts/install-deps.sh), on
# the JDK 25 when there is one (KGPU_JDK25_HOME), else on JAVA_HOME.
jdk=\"\${KGPU_JDK25_HOME:-$JDK25_HOME}\"
if [ -x \"\$jdk/bin/javac\" ]; then JAVA_HOME=\"\$jdk\"; export JAVA_HOME; fi
exec \"$MAVEN_DIR/bin/mvn\" \"\$@\""
root="$(cd "$(dirname "$0")/.." && pwd)"
maven_poms=("$root/java/pom.xml" "$root"/java/*/pom.xml "$root/kotlin/pom.xml" "$root"/kotlin/*/pom.xml)
# install (the whole lifecycle's plugins), running only the tests that
# need no native library (those are built later): Surefire fetches its
# JUnit provider only when it runs a test.
maven_warmup=(-B -q -f "$root/java/pom.xml" -Dmaven.repo.local="$MAVEN_REPO"
              -Dtest=LaunchConfigTest,ManifestTest -Dsurefire.failIfNoSpecifiedTests=false install)
maven_stamp="$MAVEN_REPO/.kgpu-offline-$( (cat "${maven_poms[@]}"; echo "${maven_warmup[*]}") | sha256sum | cut -c1-16)"
if [ -x "$JDK25_HOME/bin/javac" ] && [ ! -f "$maven_stamp" ]; then
  echo "install-deps: fetching the Maven plugins and dependencies of java/pom.xml into $MAVEN_REPO"
  maven_tmp=$(mktemp -d "${TMPDIR:-/tmp}/kgpu-maven.XXXXXX")
  $SUDO mkdir -p "$MAVEN_REPO"
  # Outputs go to a temporary directory; the projects' own artifacts are
  # removed after.
  if ! $SUDO "$JVM_TOOLS_DIR/bin/mvn" "${maven_warmup[@]}" -Dkgpu.build.root="$maven_tmp" \
       >"$maven_tmp/log" 2>&1; then
    echo "install-deps: error: the Maven build of java/pom.xml failed:" >&2
    tail -n 40 "$maven_tmp/log" >&2
    $SUDO rm -rf "$maven_tmp"
    exit 1
  fi
  $SUDO rm -rf "$MAVEN_REPO/dev/kgpu" "$maven_tmp"
  $SUDO rm -f "$MAVEN_REPO"/.kgpu-offline-*
  $SUDO touch "$maven_stamp"
fi

# Postconditions: everything the build and the tests use is there.
fail=0
for tool in java javac jar cmake ninja clang++-22 llvm-config-22 mlir-opt-22 FileCheck-22 \
            spirv-val spirv-cross glslangValidator; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "install-deps: error: '$tool' is not on PATH after the install" >&2
    fail=1
  fi
done
for f in /usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake \
         /usr/lib/llvm-22/lib/libMLIR.so \
         /usr/lib/llvm-22/bin/lit \
         /usr/include/gtest/gtest.h \
         /usr/include/vulkan/vulkan.h \
         /usr/share/vulkan/icd.d/lvp_icd.x86_64.json \
         "$PYTHON_TOOLS_DIR/nanobind/cmake/nanobind-config.cmake" \
         "${CUDA_FILES[@]/#/$CUDA_ROOT_DIR/}" \
         "${JVM_TOOL_FILES[@]}" "$JVM_TOOLS_DIR/bin/mvn" "$MAVEN_DIR/bin/mvn"; do
  if [ ! -e "$f" ]; then
    echo "install-deps: error: '$f' is missing after the install" >&2
    fail=1
  fi
done
# The Python package's tests run pytest with Debian's Python (lit's).
if ! /usr/bin/python3 -c "import numpy, pytest" >/dev/null 2>&1; then
  echo "install-deps: error: /usr/bin/python3 cannot import numpy and pytest (python3-numpy, python3-pytest)" >&2
  fail=1
fi
# Temurin 25 (the JDK 22+ the API's MemorySegment classes and the javac 25
# tests need) comes with the machine image, not from apt: without it those
# tests are UNSUPPORTED, so it is reported, not required.
if [ ! -x "$JDK25_HOME/bin/javac" ]; then
  echo "install-deps: note: no JDK 25 in $JDK25_HOME (KGPU_JDK25_HOME): the javac 25 tests will be skipped" >&2
fi
# The compilers run: each compiles a one-line program.
jvm_check=$(mktemp -d "${TMPDIR:-/tmp}/kgpu-jvmcheck.XXXXXX")
printf 'class KgpuCheck { static int f(int x) { x + 1 } }\n' >"$jvm_check/KgpuCheck.groovy"
printf 'fun kgpuCheck(x: Int): Int = x + 1\n' >"$jvm_check/check.kt"
if ! "$JVM_TOOLS_DIR/bin/groovyc" -d "$jvm_check/out" "$jvm_check/KgpuCheck.groovy" >"$jvm_check/log" 2>&1 \
   || [ ! -f "$jvm_check/out/KgpuCheck.class" ]; then
  echo "install-deps: error: $JVM_TOOLS_DIR/bin/groovyc does not compile a class:" >&2
  cat "$jvm_check/log" >&2
  fail=1
fi
if ! "$JVM_TOOLS_DIR/bin/kotlinc" -d "$jvm_check/out" "$jvm_check/check.kt" >"$jvm_check/log" 2>&1 \
   || [ ! -f "$jvm_check/out/CheckKt.class" ]; then
  echo "install-deps: error: $JVM_TOOLS_DIR/bin/kotlinc does not compile a class:" >&2
  cat "$jvm_check/log" >&2
  fail=1
fi
rm -rf "$jvm_check"
if [ "$fail" -ne 0 ]; then
  echo "install-deps: the installation is incomplete (see the errors above)" >&2
  exit 1
fi
echo "install-deps: OK (CUDA toolkit files under $CUDA_ROOT_DIR, groovyc $GROOVY_VERSION, kotlinc $KOTLIN_VERSION and mvn $MAVEN_VERSION in $JVM_TOOLS_DIR/bin, Maven repository $MAVEN_REPO)"
