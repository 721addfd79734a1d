"""scipy's sparse LU on the chains of `cargo bench --bench cycles`, for the table in docs/performance.md.

For each size it writes the benchmark's race board (faces +1..+4, back 1, back 2), has
candyland export its chain (`transitions BOARD --aggregate`: one row per state and next state,
the finish numbered last), forms I - Q in CSC, and times scipy.sparse.linalg.splu (SuperLU)
plus one solve for the expected length from every state: the same work as the benchmark's
"sparse LU" case. Beside it, LAPACK's band solver on the same matrix
(scipy.linalg.solve_banded, dgbsv: a band LU with partial pivoting), the fairest outside
match for candyland's band LU on these chains. The best of several runs is printed, with E[T] from the start beside
candyland's own (`analyze --moments-only --json`) as a check that both solved the same chain.

    python3 benches/scipy_lu.py target/release/candyland 1000 10000 100000 1000000

Needs numpy, scipy and pandas (pip).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd
import scipy.linalg as la
import scipy.sparse as sp
import scipy.sparse.linalg as spla


def board(squares):
    return (
        f'game = "race"\nname = "cycles-{squares}"\n[board]\nsquares = {squares}\n'
        '[spinner]\nfaces = [1, 2, 3, 4, { back = 1 }, { back = 2 }]\n'
        '[rules]\novershoot = "win"\n'
    )


def one(candyland, squares, folder):
    path = os.path.join(folder, f"cycles-{squares}.toml")
    with open(path, "w") as f:
        f.write(board(squares))
    csv = os.path.join(folder, f"cycles-{squares}.csv")
    with open(csv, "w") as f:
        subprocess.run([candyland, "transitions", path, "--aggregate"], stdout=f, check=True)
    t = pd.read_csv(csv, usecols=["from", "to", "p"])
    n = int(t["to"].max())  # the finish; the transient states are 0..n-1
    q = t[t["to"] < n]
    a = sp.identity(n, format="csc") - sp.csc_matrix(
        (q["p"].to_numpy(), (q["from"].to_numpy(), q["to"].to_numpy())), shape=(n, n)
    )
    ones = np.ones(n)
    best = float("inf")
    runs = 10 if n <= 100_000 else 3
    for _ in range(runs):
        started = time.perf_counter()
        e = spla.splu(a).solve(ones)
        best = min(best, time.perf_counter() - started)
    # The band form LAPACK takes: ab[u + i - j, j] = a[i, j].
    coo = a.tocoo()
    lower, upper = int((coo.row - coo.col).max()), int((coo.col - coo.row).max())
    ab = np.zeros((lower + upper + 1, n))
    ab[upper + coo.row - coo.col, coo.col] = coo.data
    banded = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        eb = la.solve_banded((lower, upper), ab, ones)
        banded = min(banded, time.perf_counter() - started)
    assert abs(eb[0] - e[0]) <= 1e-9 * e[0]
    ours = json.loads(
        subprocess.run(
            [candyland, "analyze", path, "--moments-only", "--json"],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
    )["mean"]
    print(
        f"{n} states: splu + solve {best * 1e3:.3f} ms, "
        f"solve_banded ({lower}, {upper}) {banded * 1e3:.3f} ms (best of {runs}); "
        f"E[T] {e[0]:.10f}, candyland {ours:.10f}"
    )


def main(candyland, sizes):
    with tempfile.TemporaryDirectory() as folder:
        for squares in sizes:
            one(candyland, int(squares), folder)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
