"""4 Python threads launching at once, and 10,000 launches with flat
memory."""

import threading

import numpy as np

import kgpu


def rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_four_threads(saxpy, device):
    n, rounds = 2048, 40
    errors, results = [], {}
    start = threading.Barrier(4)

    def worker(t):
        try:
            x = np.full(n, t + 1, np.float32)
            y = np.zeros(n, np.float32)
            yb = kgpu.zeros(n, np.float32, device=device)
            start.wait()
            for _ in range(rounds):
                saxpy(n, 1.0, x, y, grid=8, device=device)
                saxpy(n, 2.0, x, yb, grid=8, device=device)
            results[t] = (y, yb.numpy())
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for t in range(4):
        y, yb = results[t]
        np.testing.assert_array_equal(y, rounds * (t + 1))
        np.testing.assert_array_equal(yb, 2 * rounds * (t + 1))


def test_ten_thousand_launches_flat_memory(saxpy, device):
    n = 1024
    x = np.ones(n, np.float32)
    y = np.zeros(n, np.float32)
    xb = kgpu.asarray(x, device=device)
    for _ in range(500):                       # warm up (pipelines, pools)
        saxpy(n, 1.0, x, y, grid=4, device=device)
    before = rss_kib()
    for i in range(10_000):
        # NumPy arrays (a buffer each launch) and a device buffer, alternately.
        saxpy(n, 1.0, x if i % 2 else xb, y, grid=4, device=device)
    grown = rss_kib() - before
    np.testing.assert_array_equal(y, 10_500.0)
    assert grown < 4096, f"RSS grew by {grown} KiB over 10,000 launches"
