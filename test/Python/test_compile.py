"""kgpu.compile: every input form, options, errors and the cache."""

import glob
import os
import shutil
import subprocess
import zipfile

import numpy as np
import pytest

import kgpu
from conftest import OBJ, SAXPY, SRC, example


def test_string_and_file(device, tmp_path):
    b = kgpu.compile(SAXPY, targets=device.api)
    assert b.kernels == ["saxpy"] and b.targets == [device.api]
    assert b.manifest["source"]["language"] == "kgc"
    p = tmp_path / "k.kgc"
    p.write_text(SAXPY)
    for src in (p, str(p)):
        f = kgpu.compile(src, targets=[device.api])
        assert f.manifest["source"]["file"].endswith("k.kgc")
    # Saved and loaded back.
    out = tmp_path / "k.kgpu"
    f.save(out)
    g = kgpu.load(out)
    assert g.kernels == ["saxpy"] and g.data == f.data
    x = np.ones(64, np.float32)
    y = np.zeros(64, np.float32)
    g.saxpy(64, 3.0, x, y, grid=1, device=device)
    np.testing.assert_array_equal(y, 3.0)


def test_options(device):
    src = open(example("histogram")).read()
    b = kgpu.compile(src, kernel="histogram_local", targets=[device.api])
    assert b.kernels == ["histogram_local"]
    both = kgpu.compile(src, targets=["cpu", "vulkan"])
    assert both.targets == ["cpu", "vulkan"]
    with pytest.raises(kgpu.KgpuError, match="fp.contract|fast"):
        kgpu.compile(SAXPY, fp_contract="sometimes", cache=False)
    kgpu.compile(SAXPY, fp_contract="fast", targets="cpu")


def test_mlir_file(device):
    b = kgpu.compile(os.path.join(SRC, "test", "Integration", "Inputs", "index_buffer.mlir"),
                     targets=[device.api])
    n = 100
    inp = np.arange(n, dtype=np.int64)
    out = np.zeros(n, np.int64)
    rec = b.index_buffer(inp, out, n, device=device)   # parallel loop: derived grid
    np.testing.assert_array_equal(out, inp * 3 - 5 - np.arange(n))
    assert rec.grid == (0, 0, 0)


def _kotlin_dump():
    dumps = sorted(glob.glob(os.path.join(OBJ, "kotlin", "corpus", "ir", "**", "*.ir"),
                             recursive=True))
    return dumps[0] if dumps else None


def _file_of_dump(dump, kt, dest):
    """The dump's MODULE_FRAGMENT line plus the FILE subtree of `kt`."""
    lines = open(dump).read().splitlines(keepends=True)
    out, keep = [], False
    for line in lines:
        if line.startswith("  FILE "):
            keep = line.rstrip().endswith("/" + kt)
        elif not line.startswith("  "):
            keep = True
        if keep:
            out.append(line)
    dest.write_text("".join(out))
    return dest


@pytest.mark.skipif(_kotlin_dump() is None, reason="no Kotlin IR dump in the build (kotlinc)")
def test_kotlin_ir_dispatch_size(device, tmp_path):
    dump = _file_of_dump(_kotlin_dump(), "Brighten.kt", tmp_path / "brighten.ir")
    b = kgpu.compile(dump, targets=[device.api])
    assert b.manifest["source"]["language"] == "kotlin"
    k = b.brighten
    assert [p.name for p in k.dispatch_params] == ["size"]
    px = np.linspace(0, 1, 1000, dtype=np.float32)
    want = np.clip(px + np.float32(0.25), 0, 1)
    k(px, 0.25, dispatch=1000, device=device)      # grid derived from the size
    np.testing.assert_allclose(px, want, rtol=1e-6)
    px2 = np.linspace(0, 1, 300, dtype=np.float32)
    k(px2, 0.5, size=300, device=device)             # the parameter itself
    np.testing.assert_allclose(px2, np.clip(np.linspace(0, 1, 300, dtype=np.float32) + 0.5, 0, 1))
    px3 = np.zeros(700, np.float32)
    rec = k(px3, 0.5, 700, device=device)            # by position: grid derived too
    np.testing.assert_array_equal(px3, 0.5)
    assert rec.grid[0] * k.workgroup_size[0] >= 700
    with pytest.raises(kgpu.ArgumentError, match="'size'.*dispatch="):
        k(px, 0.5, device=device)


def test_compile_error_structured():
    src = "kernel void bad(global float* x) {\n  x[0] = y;\n}\n"
    with pytest.raises(kgpu.CompileError) as e:
        kgpu.compile(src, name="bad.kgc", cache=False)
    err = e.value
    first = err.diagnostics[0]
    assert (first.file, first.line, first.severity) == ("bad.kgc", 2, "error")
    assert first.column > 0 and "y" in first.message
    assert "bad.kgc:2:" in err.text and "^" in err.text     # rendered with a caret
    assert str(err).startswith("bad.kgc:2:")
    assert err.status == "KGPUC_ERROR_COMPILATION"


def test_compile_error_in_file(tmp_path):
    p = tmp_path / "broken.kgc"
    p.write_text("kernel void k(global int* a) {\n  a[0] = 1\n}\n")
    with pytest.raises(kgpu.CompileError) as e:
        kgpu.compile(p)
    d = e.value.diagnostics[0]
    assert d.file == str(p) and d.line in (2, 3)


def test_missing_file():
    with pytest.raises(kgpu.KgpuError, match="cannot read '/nonexistent/k.kgc'"):
        kgpu.compile("/nonexistent/k.kgc")


def test_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KGPU_CACHE_DIR", str(tmp_path / "cache"))
    src = SAXPY + "\n// cache test %d\n" % os.getpid()
    a = kgpu.compile(src, targets="cpu")
    files = os.listdir(tmp_path / "cache")
    assert len(files) == 1 and files[0].endswith(".kgpu")
    b = kgpu.compile(src, targets="cpu")
    assert a.data == b.data
    kgpu._api._memory_cache.clear()
    c = kgpu.compile(src, targets="cpu")           # from the disk cache
    assert c.data == a.data
    # Another option is another entry.
    kgpu.compile(src, targets="cpu", fp_contract="off")
    assert len(os.listdir(tmp_path / "cache")) == 2
    monkeypatch.setenv("KGPU_CACHE", "0")
    assert kgpu.cache_dir() is None


JAVA = """
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;

public class PyKernels {
  public static void vadd(float[] a, float[] b, float[] c) {
    for (@Parallel int i = 0; i < c.length; i++) {
      c[i] = a[i] + b[i];
    }
  }

  public static void sum(int[] x, @Reduce int[] s) {
    for (@Parallel int i = 0; i < x.length; i++) {
      s[0] += x[i];
    }
  }
}
"""


@pytest.mark.skipif(shutil.which("javac") is None, reason="no javac")
def test_jvm_class_and_jar(device, tmp_path, rng):
    (tmp_path / "PyKernels.java").write_text(JAVA)
    api = os.path.join(SRC, "test", "Frontend", "JVM", "Inputs", "api")
    subprocess.run(["javac", "-g", "-sourcepath", api, "-d", str(tmp_path / "classes"),
                    str(tmp_path / "PyKernels.java")], check=True)
    cls = tmp_path / "classes" / "PyKernels.class"
    b = kgpu.compile(cls, targets=[device.api])
    assert b.manifest["source"]["language"] == "jvm" and b.kernels == ["vadd", "sum"]
    a = rng.random(5000, dtype=np.float32)
    c = np.zeros_like(a)
    b.vadd(a, a, c, device=device)                 # parallel loop: derived grid
    np.testing.assert_array_equal(c, a + a)
    x = rng.integers(-100, 100, 5000, dtype=np.int32)
    assert b.sum(x, device=device).result == x.sum()   # @Reduce output allocated
    # The same class in a jar.
    jar = tmp_path / "k.jar"
    with zipfile.ZipFile(jar, "w") as z:
        z.write(cls, "PyKernels.class")
    j = kgpu.compile(str(jar), kernel="PyKernels::vadd", targets=[device.api])
    assert j.kernels == ["vadd"]


def test_bad_bundles(tmp_path):
    with pytest.raises(kgpu.KgpuError, match="corrupt kgpu bundle") as e:
        kgpu.Bundle(b"KGPUBNDL" + b"\0" * 60)
    assert e.value.status == "KGPU_ERROR_INVALID_BUNDLE"
    p = tmp_path / "cut.kgpu"
    p.write_bytes(kgpu.compile(SAXPY, targets="cpu").data[:100])
    with pytest.raises(kgpu.KgpuError):
        kgpu.load(p)
    with pytest.raises(OSError):
        kgpu.load(tmp_path / "missing.kgpu")
