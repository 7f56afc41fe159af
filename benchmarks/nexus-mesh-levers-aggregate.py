#!/usr/bin/env python3
"""Pools the raw repetitions of alternating mesh-benchmark runs (before/after) and prints, per
cell, the median per-repetition throughput ratio to one worker, the median whole-JVM CPU per MiB
and what a placement costs over one worker (its median minus one worker's), each as before → after. Usage: aggregate.py before1.csv,before2.csv after1.csv,after2.csv"""
import csv, statistics, sys

def load(paths):
    rows = []
    for run, p in enumerate(paths.split(',')):
        with open(p) as f:
            for r in csv.DictReader(f):
                r['run'] = run
                rows.append(r)
    return rows

def cells(rows):
    out = {}
    for r in rows:
        out.setdefault((int(r['object_mib']), int(r['clients'])), []).append(r)
    return out

def stats(rows, target, phase):
    by_rep = {}
    for r in rows:
        by_rep.setdefault((r['run'], r['rep']), {})[r['target']] = r
    ratios = [float(v[target][phase + '_mib_s']) / float(v['one-worker'][phase + '_mib_s'])
              for v in by_rep.values() if target in v and 'one-worker' in v]
    cpu = [float(r[phase + '_cpu_ms_per_mib']) for r in rows if r['target'] == target]
    return statistics.median(ratios) if ratios else float('nan'), statistics.median(cpu), len(ratios)

before, after = cells(load(sys.argv[1])), cells(load(sys.argv[2]))
print('| object | clients | phase | 2 hops / one worker | 3 hops / one worker '
      '| cpu-ms/MiB one worker | 2 hops | 3 hops | extra cpu-ms/MiB of 2 hops | of 3 hops | pairs |')
print('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for key in sorted(before):
    for phase in ('put', 'get'):
        b = {t: stats(before[key], t, phase) for t in ('one-worker', '2-hops', '3-hops')}
        a = {t: stats(after[key], t, phase) for t in ('one-worker', '2-hops', '3-hops')}
        print(f"| {key[0]} MiB | {key[1]} | {phase.upper()} | {b['2-hops'][0]:.0%} → {a['2-hops'][0]:.0%} "
              f"| {b['3-hops'][0]:.0%} → {a['3-hops'][0]:.0%} "
              f"| {b['one-worker'][1]:.2f} → {a['one-worker'][1]:.2f} | {b['2-hops'][1]:.2f} → {a['2-hops'][1]:.2f} "
              f"| {b['3-hops'][1]:.2f} → {a['3-hops'][1]:.2f} "
              f"| {b['2-hops'][1] - b['one-worker'][1]:.2f} → {a['2-hops'][1] - a['one-worker'][1]:.2f} "
              f"| {b['3-hops'][1] - b['one-worker'][1]:.2f} → {a['3-hops'][1] - a['one-worker'][1]:.2f} "
              f"| {b['2-hops'][2]}/{a['2-hops'][2]} |")
