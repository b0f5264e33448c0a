"""Fixture rows for tests/fixtures/microsoft-calculator-designs.json: a design's inputs as sizeDesign reads
them -> the calculator's Input cells (as the fixture's existing rows set them) -> the oracle's figures."""
import json, os, subprocess, sys
FIX = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'fixtures', 'microsoft-calculator-designs.json')
KEYS = sorted({k for d in json.load(open(FIX))['designs'] for k in d['calc']} | {'Role Requirements!C63', 'Role Requirements!C97', 'Role Requirements!C98', 'Role Requirements!C100', 'Role Requirements!C276'})
DISKS = {None: (4000, '7.2K RPM SAS 3.5"'), '8TB 7.2K NL-SAS 3.5"': (8000, '7.2K RPM SAS 3.5"')}

def disk_of(name):
    """The calculator's size and type for a disk of its table ("6TB 7.2K RPM SAS 3.5\"" -> 6000 GB)."""
    if name in DISKS: return DISKS[name]
    import re
    m = re.fullmatch(r'([\d.]+)(TB|GB) (.+)', name)
    return (round(float(m.group(1)) * (1000 if m.group(2) == 'TB' else 1)), m.group(3))

def cells(i):
    c = i['copies']; lag = i.get('laggedCopies', 0); two = i.get('serversSite2', '') not in ('', None, 0)
    ha = c - lag
    site = [k % 2 if two else 0 for k in range(c)]
    ha2 = sum(1 for k in range(ha) if site[k] == 1); lag2 = sum(1 for k in range(ha, c) if site[k] == 1)
    gb, kind = disk_of(i.get('serverDisk'))
    x = {"C23": "Yes", "C24": "Yes" if i.get('virtualization') == 'yes' else "No", "C25": "Yes", "C26": i['serversSite1'], "C27": 1,
         "G22": "Yes" if two else "No", "G23": "Active/Passive" if i.get('dagLayout') == 'active/passive' else "Active/Active (Single DAG)",
         "G25": "No", "G26": "No", "G30": "No", "G33": "Yes" if i.get("replayLagManager") == "yes" else "No", "C30": ha, "C31": lag, "G31": 24 * i.get('lagDays', 0) if lag else 0,
         "G32": 0, "C32": ha2, "C33": lag2, "C59": 0, "C61": i.get('archiveMB', 0), "C131": i.get('coresPerServer', 16), "D131": i.get('specIntRate', 0),
         "C132": i.get('coresPerServer', 16), "D132": i.get('specIntRate', 0), "C55": i['users'], "C57": i['messagesPerDay'], "C58": i['messageKB'],
         "C60": i['quotaMB'], "C74": 0, "G55": 0, "G74": 0, "C107": "No" if i.get('considerJbod') == 'no' else "Yes"}
    # The IOPS multiplication factor of every tier (Input!C66, C85, G66, G85), for all its mailboxes (C65 100%).
    for cell in ("C66", "C85", "G66", "G85"):
        x[cell] = i.get('iopsMultiplier', 1)
    # The deleted item retention window of every tier (Input!C62, C81, G62, G81), days.
    for cell in ("C62", "C81", "G62", "G81"):
        x[cell] = i.get('deletedItemDays', 14)
    for r in (116, 118, 122, 124):
        x[f"C{r}"] = f"{gb} GB"; x[f"D{r}"] = kind
    if i.get('databasesPerDag'):
        x["G38"] = "No"; x["G39"] = i['databasesPerDag']
    else:
        x["G38"] = "Yes"
    if i.get('maxDatabaseSizeConfiguration') == 'custom':
        x["G36"] = "Custom"; x["G37"] = i['maxDatabaseGB']
    else:
        x["G36"] = "Default"
    # Databases a volume: the calculator has no number for it. 1 is one a volume (Input!C108 "No"); the
    # copies are Input!C109 "Yes" (the example's); any other number C109 "No" (half of even copies).
    v = i.get('databasesPerVolume') or 0
    if v == 1:
        x["C108"] = "No"; x["C109"] = "No"
    elif v > 1:
        x["C109"] = "Yes" if v == c else "No"
    return x

# Mailbox tiers 1-4 (sizeDesign's tables.tiers, in order) as the calculator's tier blocks: mailboxes, growth,
# messages, KB, initial size, quota, archive (Input!C55:C61 tier 1, C74:C80 tier 2, G55:G61 tier 3, G74:G80 tier 4).
TIER_BLOCKS = [("C", 55), ("C", 74), ("G", 55), ("G", 74)]

def tier_cells(i, tiers):
    x = {}
    for k, (col, row) in enumerate(TIER_BLOCKS):
        t = tiers[k] if k < len(tiers) else None
        x[f"{col}{row}"] = t['mailboxes'] if t else 0
        if t:
            x[f"{col}{row + 1}"] = 0; x[f"{col}{row + 2}"] = t['messagesPerDay']; x[f"{col}{row + 3}"] = t['messageKB']
            x[f"{col}{row + 4}"] = 0; x[f"{col}{row + 5}"] = t['quotaMB']; x[f"{col}{row + 6}"] = i.get('archiveMB', 0)
    return x

def run(designs):
    sets = [{"name": d['name'], "inputs": {**cells(d['inputs']), **(tier_cells(d['inputs'], d['tiers']) if d.get('tiers') else {})}} for d in designs]
    out = subprocess.run(['/usr/bin/python3', os.environ.get('ORACLE', '../shared/ms-calc-oracle/oracle.py'), '-'], input=json.dumps(sets), capture_output=True, text=True, check=True)
    res = json.loads(out.stdout)
    rows = []
    for d, s, r in zip(designs, sets, res):
        got = {f"{o['sheet']}!{o['cell']}": o['value'] for o in r['outputs']}
        rows.append({"name": d['name'], "why": d['why'], "inputs": d['inputs'], **({"tiers": d['tiers']} if d.get('tiers') else {}), "cells": s['inputs'], "valid": bool(r['meta'].get('valid_design')),
                     "calc": {k: got[k] for k in KEYS if k in got}, "_meta": r['meta'], "_warnings": r.get('warnings')})
    return rows

if __name__ == '__main__':
    designs = json.load(open(sys.argv[1]))
    print(json.dumps(run(designs), indent=1))
