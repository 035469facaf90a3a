"""kgpu.devices(), kgpu.Device and KGPU_DEVICE."""

import os
import subprocess
import sys

import kgpu


def test_devices_end_with_the_cpu():
    devs = kgpu.devices()
    assert devs[-1].api == "cpu" and devs[-1].is_software
    assert kgpu.Device("cpu") is devs[-1]
    assert kgpu.Device(devs[-1]) is devs[-1]
    lim = devs[-1].limits
    assert lim["max_workgroup_invocations"] >= 1 and len(lim["max_grid"]) == 3


def test_device_spec(device):
    assert kgpu.Device(device.spec) is device
    assert device.api in ("cpu", "vulkan", "cuda")
    assert repr(device).startswith("kgpu.Device(")


def test_kgpu_device_is_honoured():
    code = "import kgpu; print(kgpu.default_device().spec)"
    env = dict(os.environ, KGPU_DEVICE="cpu")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == "cpu"
    env["KGPU_DEVICE"] = "bogus"
    r = subprocess.run([sys.executable, "-c", code], env=env,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "kgpu.KgpuError" in r.stderr and "Traceback" in r.stderr


def test_launch_default_device_from_environment(monkeypatch):
    import numpy as np
    from conftest import SAXPY
    saxpy = kgpu.compile(SAXPY, targets="cpu").saxpy
    monkeypatch.setenv("KGPU_DEVICE", "cpu")
    y = np.zeros(64, np.float32)
    rec = saxpy(64, 1.0, np.ones(64, np.float32), y, grid=1)
    assert rec.device.api == "cpu"
