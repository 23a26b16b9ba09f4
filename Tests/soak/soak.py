#!/usr/bin/env python3
"""Chaek's fault and load suite (`make soak`): provider faults, 256 connections with a writer,
kill -9 during acknowledged saves, event streams at their cap, a corpus of hostile requests, and
the faults of two servers on PostgreSQL (the database stopped, killed, failed over to a standby),
against the real `chaek serve` binary. It prints its figures, a summary with PASS/FAIL per check,
and exits 1 when a check fails.

    python3 Tests/soak/soak.py                    # everything (5 to 10 minutes)
    python3 Tests/soak/soak.py --quick            # fewer runs, shorter load (3 to 4 minutes)
    python3 Tests/soak/soak.py --only hang,faults # some groups: hang faults load crash streams hostile shared

Every server gets CHAEK_PROVIDER_TIMEOUT=2, a fake KAKAO_REST_API_KEY (SOAKKEY-...) and its own
temporary CHAEK_HOME; all of them, the stub providers and the files are removed at the end, on
Ctrl-C and on SIGTERM. The hanging-provider runs stop after 3 freezes (--keep-going does all).
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402
from harness import REPO_ROOT, Result, log  # noqa: E402

GROUPS = ("hang", "faults", "load", "crash", "streams", "hostile", "shared")
FAULT_KINDS = ("500", "429", "invalid-json", "closed-mid-body", "50mb-body", "blackhole", "401-with-key")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.environ.get("CHAEK_BIN", ".build/release/chaek"),
                        help="the chaek executable (default .build/release/chaek, or CHAEK_BIN)")
    parser.add_argument("--only", default="", help=f"comma-separated groups: {', '.join(GROUPS)}")
    parser.add_argument("--quick", action="store_true",
                        help="5 hang runs, 15 s of load, 5 kills, 1100 streams: a few minutes")
    parser.add_argument("--hang-runs", type=int, help="runs of the hanging provider (default 20, quick 5)")
    parser.add_argument("--load-seconds", type=int, help="seconds of 256-connection load (default 60, quick 15)")
    parser.add_argument("--keep-going", action="store_true",
                        help="do every hang run even after 3 freezes (by default the runs stop there)")
    parser.add_argument("--kills", type=int, help="kill -9 rounds (default 20, quick 5)")
    parser.add_argument("--streams", type=int, help="most event streams to open (default 2000, quick 1100)")
    arguments = parser.parse_args()
    groups = [g.strip() for g in arguments.only.split(",") if g.strip()] or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    arguments.groups = groups
    quick = arguments.quick
    arguments.hang_runs = arguments.hang_runs or (5 if quick else 20)
    arguments.load_seconds = arguments.load_seconds or (15 if quick else 60)
    arguments.kills = arguments.kills or (5 if quick else 20)
    arguments.streams = arguments.streams or (1100 if quick else 2000)
    arguments.shared_kills = 2 if quick else 5
    return arguments


def run_group(name, function, *arguments):
    """Runs one group; a crash of the suite's own code becomes a FAIL line, not a lost summary."""
    started = time.monotonic()
    try:
        results = function(*arguments)
    except Exception as error:  # the suite reports, it does not stop
        import traceback

        traceback.print_exc()
        results = [Result(name, f"{name}: the check itself failed", False, f"{type(error).__name__}: {error}")]
    log(f"[{name}] {time.monotonic() - started:.0f} s\n")
    return results


def print_summary(results, fault_rows, elapsed):
    log("=" * 100)
    log(f"SOAK SUMMARY ({elapsed / 60:.1f} min)")
    log("=" * 100)
    if fault_rows:
        columns = ("kind", "answered", "median", "max", "catalog+notice", "rss", "leaked")
        titles = ("provider fault", "answered 200", "median", "max", "catalog+notice", "peak RSS", "key leaks")
        widths = [max(len(t), *(len(r[c]) for r in fault_rows)) for c, t in zip(columns, titles)]
        log("  ".join(t.ljust(w) for t, w in zip(titles, widths)))
        for row in fault_rows:
            log("  ".join(row[c].ljust(w) for c, w in zip(columns, widths)))
        log("-" * 100)
    width = max(len(r.name) for r in results)
    for result in results:
        log(f"{result.verdict:4}  {result.name.ljust(width)}  {result.figures}")
    failed = [r for r in results if r.passed is False]
    log("-" * 100)
    checks = [r for r in results if r.passed is not None]
    log(f"{len(checks) - len(failed)}/{len(checks)} checks passed" + (f"; FAILED: {', '.join(r.name for r in failed)}" if failed else ""))


def main():
    arguments = parse_arguments()
    binary = Path(arguments.bin)
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    if not binary.is_file():
        log(f"soak: no chaek executable at {binary}: run `swift build -c release --product chaek`")
        return 2
    nofile = harness.raise_nofile()
    harness.exit_on_signals()
    log(f"soak: {binary} ({', '.join(arguments.groups)}{', quick' if arguments.quick else ''}); "
        f"{os.cpu_count()} cores, open-file limit {nofile}, key {harness.KAKAO_KEY[:12]}…\n")

    import check_crash
    import check_hostile
    import check_load
    import check_providers
    import check_shared
    import check_streams

    started = time.monotonic()
    results = []
    fault_results = []
    try:
        if "hang" in arguments.groups:
            hang = run_group("hang", check_providers.check_hang, binary, arguments.hang_runs,
                             50, 0 if arguments.keep_going else 3)
            results.extend(hang)
            fault_results.extend(r for r in hang if hasattr(r, "row"))
        if "faults" in arguments.groups:
            faults = run_group("faults", check_providers.check_faults, binary, FAULT_KINDS)
            results.extend(faults)
            fault_results.extend(r for r in faults if hasattr(r, "row"))
        if fault_results:
            results.append(check_providers.key_check(fault_results))
        if "streams" in arguments.groups:
            results.extend(run_group("streams", check_streams.check_streams, binary, arguments.streams))
        if "load" in arguments.groups:
            results.extend(run_group("load", check_load.check_load, binary, arguments.load_seconds))
        if "crash" in arguments.groups:
            results.extend(run_group("crash", check_crash.check_crash, binary, arguments.kills))
        if "hostile" in arguments.groups:
            results.extend(run_group("hostile", check_hostile.check_hostile, binary, arguments.quick))
        if "shared" in arguments.groups:
            results.extend(run_group("shared", check_shared.check_shared, binary, arguments.shared_kills))
    finally:
        harness.cleanup_all()
    print_summary(results, [r.row for r in fault_results], time.monotonic() - started)
    return 1 if any(r.passed is False for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
