"""The report of scripts/bench-endpoint --putitem-only: reads the run files it
left in WORK and prints Markdown tables (every run, then the median per server
and ddb-local's ratio to the fastest peer). `bare-http` is not a peer but the
bound: the answers of a server that does nothing (examples/bare_http.rs); the
report says how far ddb-local is from it and how far the fastest peer would
have to be surpassed.

    python3 put_report.py WORK ROUNDS SECONDS CPUS CLK_TCK VERSIONS SERVER...

Per run: `NAME.putR.txt` (wrk's output with put.lua's status counts and the
wrapper's CPU line), `NAME.putR.warmup.txt` (the same for the warm-up) and
`NAME.putR.json` (the load, the server's and the machine's CPU time, and how
many items the table held afterwards).
"""

import json
import os
import re
import statistics
import sys

work, rounds, seconds, cpus, tck, versions = sys.argv[1:7]
rounds, cpus, tck = int(rounds), int(cpus), int(tck)
names = sys.argv[7:]


def millis(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def statuses(text):
    line = re.search(r"^statuses:(.*)$", text, re.M).group(1).split()
    return {int(k): int(v) for k, v in (part.split("=") for part in line)}


def wrk_cpu(text):
    return float(re.search(r"^wrk cpu seconds: ([\d.]+)$", text, re.M).group(1))


runs = []
for r in range(1, rounds + 1):
    for n in names:
        base = os.path.join(work, f"{n}.put{r}")
        text = open(base + ".txt").read()
        meta = json.load(open(base + ".json"))
        warm = open(base + ".warmup.txt").read() if os.path.exists(base + ".warmup.txt") else None
        counts = statuses(text)
        acknowledged = counts.get(200, 0) + (statuses(warm).get(200, 0) if warm else 0)
        socket = re.search(r"Socket errors: (.*)", text)
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
        wall = meta["wall"]
        machine = meta["machine_busy"] / tck
        server, load_gen = meta["server_cpu"], wrk_cpu(text)
        runs.append({
            "name": n, "round": r, "load": meta["load"], "quiet": meta["quiet"],
            "requests": int(re.search(r"(\d+) requests in", text).group(1)),
            "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
            "p50": millis(re.search(r"\n\s+50%\s+(\S+)", text).group(1)),
            "p99": millis(re.search(r"\n\s+99%\s+(\S+)", text).group(1)),
            "non2xx": int(non2xx.group(1)) if non2xx else 0,
            "non200": sum(v for k, v in counts.items() if k != 200),
            "other_statuses": {k: v for k, v in counts.items() if k != 200},
            "socket": socket.group(1) if socket else "none",
            "stored": meta["stored"], "acknowledged": acknowledged,
            "server_share": server / wall, "wrk_share": load_gen / wall,
            "other_share": max(0.0, machine - server - load_gen) / wall,
        })

def stored_gap(run):
    return "n/a" if run["stored"] is None else f"{run['stored'] - run['acknowledged']:+d}"


print(f"wrk -t2 -c16, PutItem only (100-byte items, distinct keys), {seconds} s measured per run, "
      f"{rounds} rounds interleaved; {cpus} CPUs, nothing pinned; {versions}")
print()
print("| round | server | load average before | requests/s | p50 ms | p99 ms | non-2xx | socket errors "
      "| stored − acknowledged | server CPU | server CPU per request | wrk CPU | other processes' CPU |")
print("|---:|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|")
for x in runs:
    print(f"| {x['round']} | {x['name']} | {x['load']} | {x['rate']:,.0f} | {x['p50']:.2f} | {x['p99']:.2f} | "
          f"{x['non2xx']} | {x['socket']} | {stored_gap(x)} | {x['server_share'] * 100:.0f}% | "
          f"{x['server_share'] / x['rate'] * 1e6:.1f} µs | {x['wrk_share'] * 100:.0f}% | {x['other_share'] * 100:.0f}% |")
print()
print("CPU shares are of one CPU over the measured seconds. stored − acknowledged: the items the table held "
      "after the run (Scan, Select COUNT) minus the PutItems answered 200 in the warm-up and the run; "
      "requests still in flight when wrk stops may add up to 16 per wrk run.")

problems = []
for x in runs:
    if x["non200"] or x["non2xx"]:
        problems.append(f"{x['name']} round {x['round']}: answers other than 200: {x['other_statuses']}")
    if x["stored"] is not None and x["stored"] < x["acknowledged"]:
        problems.append(f"{x['name']} round {x['round']}: {x['acknowledged']} PutItems acknowledged, "
                        f"{x['stored']} items stored")
for p in problems:
    print(f"\n**{p}**")

median = {}
for n in names:
    mine = [x for x in runs if x["name"] == n]
    median[n] = {
        "rate": statistics.median(x["rate"] for x in mine),
        "p99": statistics.median(x["p99"] for x in mine),
        "cpu_us": statistics.median(x["server_share"] / x["rate"] * 1e6 for x in mine),
        "non200": sum(max(x["non200"], x["non2xx"]) for x in mine),
    }
print()
print("| server | median requests/s | median p99 ms | median server CPU per request | answers other than 200 (all runs) |")
print("|---|---:|---:|---:|---:|")
for n, m in median.items():
    print(f"| {n} | {m['rate']:,.0f} | {m['p99']:.2f} | {m['cpu_us']:.1f} µs | {m['non200']} |")
BOUND = "bare-http"
peers = [n for n in names if n not in ("ddb-local", BOUND)]
if "ddb-local" in median and peers:
    fastest = max(peers, key=lambda n: median[n]["rate"])
    ratio = median["ddb-local"]["rate"] / median[fastest]["rate"]
    print()
    print(f"ddb-local / fastest peer ({fastest}), medians: **{ratio:.1f}x**")
    per_round = []
    for r in range(1, rounds + 1):
        ours = next(x["rate"] for x in runs if x["name"] == "ddb-local" and x["round"] == r)
        best = max(x["rate"] for x in runs if x["name"] in peers and x["round"] == r)
        per_round.append(f"{ours / best:.1f}x")
    print(f"per round: {', '.join(per_round)}")
    if BOUND in median:
        bound = median[BOUND]["rate"]
        print()
        print(f"{BOUND} (ddb-local's HTTP stack doing no work), medians: {bound:,.0f} requests/s, "
              f"**{bound / median[fastest]['rate']:.1f}x** the fastest peer; "
              f"ddb-local serves {median['ddb-local']['rate'] / bound:.0%} of it")
