#!/usr/bin/python3
"""Compares two Ninth Age outputs of the same experiment (say, before and
after a change of the move search): for each /games column and arm, the
mean before and after and their difference in standard errors (Welch's
z); rows with |z| > 4 are starred. Turn columns (first contact, objectives
reached) are compared as the share of games where it happened.

Usage: /usr/bin/python3 bench/na_compare_means.py BEFORE.h5 AFTER.h5"""
import sys
import h5py
import numpy as np

a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')
arms = [x.decode() if isinstance(x, bytes) else x for x in a['ninth_age/arm'][...]]
skip = {'arm', 'game', 'objective', 'side'}
rows = []
for name in sorted(a['games']):
    if name in skip:
        continue
    xa, xb = a['games/' + name][...].astype(float), b['games/' + name][...].astype(float)
    if xa.ndim == 2:
        cols = [(f'{name}[{j}]', xa[:, j], xb[:, j]) for j in range(xa.shape[1])]
    else:
        cols = [(name, xa, xb)]
    for label, ca, cb in cols:
        if name == 'first_contact_turn' or name.startswith('objective_turn'):
            ca, cb = (ca > 0).astype(float), (cb > 0).astype(float)
            label += '>0'
        for k, arm in enumerate(arms):
            ma, mb = a['games/arm'][...] == k, b['games/arm'][...] == k
            va, vb = ca[ma], cb[mb]
            se = np.sqrt(va.var(ddof=1) / len(va) + vb.var(ddof=1) / len(vb))
            z = (vb.mean() - va.mean()) / se if se > 0 else 0.0
            rows.append((label, arm, va.mean(), vb.mean(), z))
print(f"{'column':28s} {'arm':22s} {'before':>10s} {'after':>10s} {'z':>7s}")
for label, arm, ma, mb, z in rows:
    flag = ' *' if abs(z) > 4 else ''
    print(f"{label:28s} {arm:22s} {ma:10.3f} {mb:10.3f} {z:7.1f}{flag}")
