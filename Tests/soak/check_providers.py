"""Provider faults: a hanging Kakao (freezes in N runs), and one run per other fault kind (500,
429, invalid JSON, connection closed mid-body, a 50 MB body, a blackholed address, 401 quoting
the key). For each kind: time to answer a search, whether the offline catalog answered with a
notice, the server's peak RSS, and whether the Kakao key ever came back to a client."""

import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

from harness import (
    HOST,
    KAKAO_KEY,
    Blackhole,
    Result,
    Server,
    ServerError,
    Stub,
    header,
    log,
    median,
    megabytes,
    probe_external_blackhole,
    remove_home,
    request,
    search_path,
    seconds,
    source_address,
    temp_home,
)

PROVIDER_TIMEOUT = "2"  # CHAEK_PROVIDER_TIMEOUT for every run, so a fault costs seconds
QUERIES = ["사랑", "love", "the", "한강", "해리", "war", "채식", "소년", "time", "바다"]
SEARCH_TIMEOUT = 15.0  # a client gives up on one search after this long


def provider_server(binary, provider_url, label):
    """A server with a fresh home (removed when the server is closed) sending searches to Kakao at
    `provider_url`."""
    env = {
        "KAKAO_REST_API_KEY": KAKAO_KEY,
        "CHAEK_KAKAO_URL": provider_url,
        "CHAEK_PROVIDER_TIMEOUT": PROVIDER_TIMEOUT,
    }
    home = temp_home(label)
    server = Server(binary, home, source="auto", env=env)
    server.on_close = lambda: remove_home(home)
    return server.start()


def leaks(headers, body):
    """'full (header X)' or 'full (body)' when the key is there (raw or percent-decoded), 'prefix' when only
    its recognisable prefix is, else None."""
    for name, value in headers:
        if KAKAO_KEY in urllib.parse.unquote(value) or KAKAO_KEY in value:
            return f"full (header {name})"
    text = body.decode("utf-8", "replace")
    if KAKAO_KEY in text or KAKAO_KEY in urllib.parse.unquote(text):
        return "full (body)"
    everything = "\n".join(f"{k}: {v}" for k, v in headers) + "\n" + text
    return "prefix" if "SOAKKEY" in urllib.parse.unquote(everything) else None


def one_search(port, index, path=None):
    path = path or search_path(QUERIES[index % len(QUERIES)], size=10)
    started = time.monotonic()
    try:
        status, headers, body = request(port, "GET", path, timeout=SEARCH_TIMEOUT, source=source_address(index % 5))
    except Exception as error:
        return {"status": None, "error": type(error).__name__, "seconds": time.monotonic() - started, "leak": None}
    return {
        "status": status,
        "seconds": time.monotonic() - started,
        "source": header(headers, "X-Chaek-Source"),
        "notice": header(headers, "X-Chaek-Notice") or header(headers, "X-Chaek-Status"),
        "leak": leaks(headers, body),
        "path": path,
    }


def run_searches(port, count, concurrency):
    with ThreadPoolExecutor(concurrency) as pool:
        return list(pool.map(lambda i: one_search(port, i), range(count)))


class HealthMonitor:
    """Asks /healthz every half second from 127.0.0.1; a miss is no answer within 2 s."""

    def __init__(self, server):
        self.server = server
        self.misses = []
        self.latencies = []
        self.done = threading.Event()
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.done.is_set():
            began = time.monotonic()
            if self.server.healthy(timeout=2.0, source=HOST):
                self.latencies.append(time.monotonic() - began)
            else:
                self.misses.append(round(began - self.started, 1))
            self.done.wait(max(0.0, 0.5 - (time.monotonic() - began)))

    def stop(self):
        self.done.set()
        self.thread.join(timeout=5)


# ---- the hanging provider, N runs ------------------------------------------------------------


def hang_run(binary, searches):
    stub = Stub("hang")
    server = None
    try:
        server = provider_server(binary, stub.url, "hang")
        monitor = HealthMonitor(server)
        results = run_searches(server.port, searches, searches)
        monitor.stop()
        rss = server.peak_rss_mb()
        stop_seconds = server.terminate(timeout=10.0)
        return {
            "results": results,
            "health_misses": monitor.misses,
            "health_max": max(monitor.latencies, default=None),
            "rss": rss,
            "stop_seconds": stop_seconds,
            "stub_requests": stub.requests,
            "key_sent": KAKAO_KEY in stub.keys_seen,
        }
    finally:
        if server:
            server.kill()
        stub.close()


def check_hang(binary, runs, searches=50, give_up_after=3):
    """`give_up_after` freezes end the runs early (the check has failed; a frozen run costs 30 s)."""
    log(f"[hang] {runs} runs: {searches} concurrent searches against a Kakao that never answers "
        f"(CHAEK_PROVIDER_TIMEOUT={PROVIDER_TIMEOUT}), /healthz every 0.5 s, then SIGTERM"
        + (f"; stops after {give_up_after} freezes" if give_up_after else ""))
    freezes, details, all_results, rss_values, stops = [], [], [], [], []
    done = 0
    for index in range(runs):
        if give_up_after and len(freezes) >= give_up_after:
            details.append(f"stopped after run {done}: {len(freezes)} freezes already")
            break
        done = index + 1
        try:
            run = hang_run(binary, searches)
        except ServerError as error:
            freezes.append(index + 1)
            details.append(f"run {index + 1}: the server did not start: {error}")
            continue
        results = run["results"]
        all_results.extend(results)
        rss_values.append(run["rss"] or 0)
        stops.append(run["stop_seconds"])
        answered = [r for r in results if r["status"] is not None]
        froze = bool(run["health_misses"]) or run["stop_seconds"] is None
        if froze:
            freezes.append(index + 1)
        what = []
        if run["health_misses"]:
            what.append(f"/healthz silent at {run['health_misses'][:5]} s")
        if run["stop_seconds"] is None:
            what.append("SIGTERM did not stop it in 10 s (killed)")
        times = [r["seconds"] for r in results]
        line = (f"run {index + 1:2}: {len(answered)}/{len(results)} searches answered, "
                f"median {seconds(median(times))} max {seconds(max(times))}, "
                f"/healthz max {seconds(run['health_max'])}, stop {seconds(run['stop_seconds'])}, "
                f"RSS {megabytes(run['rss'])}, stub saw {run['stub_requests']} requests"
                + (f" — FREEZE: {'; '.join(what)}" if froze else ""))
        log("  " + line)
        details.append(line)
    silent = sum(1 for line in details if "/healthz silent" in line)
    ignored = sum(1 for s in stops if s is None)
    figures = (f"{len(freezes)} freezes in {done} runs"
               + (f" (stopped early, of {runs})" if done < runs else "")
               + (f": /healthz silent in {silent}, SIGTERM ignored in {ignored}" if freezes else "")
               + f"; SIGTERM stop max {seconds(max((s for s in stops if s is not None), default=None))}")
    check = Result("providers", f"hanging provider: 0 freezes in {runs} runs", not freezes, figures, details)
    kind = fault_figures("hang", all_results, max(rss_values, default=None),
                         f"{done} runs × {searches} concurrent")
    return [check, kind]


# ---- one run per other fault kind ------------------------------------------------------------


def fault_run(binary, kind, searches=10, concurrency=5):
    note = ""
    if kind == "blackhole":
        provider = Blackhole()
        note = ("loopback listener with a full accept queue (SYNs dropped: "
                f"{'yes' if provider.drops_syns() else 'NO'}); unroutable addresses here: "
                + probe_external_blackhole())
    else:
        provider = Stub(kind)
    server = None
    try:
        server = provider_server(binary, provider.url, kind)
        results = []
        for start in range(0, searches, concurrency):
            results.extend(run_searches(server.port, min(concurrency, searches - start), concurrency))
        # The pages that show a search's status to people: the key must not show there either.
        for path in ("/fragments/results?query=love", "/?query=love"):
            page = one_search(server.port, 0, path)
            page["page"] = True
            results.append(page)
        rss = server.peak_rss_mb()
        alive = server.healthy(timeout=2)
        stop_seconds = server.terminate(timeout=10.0)
        key_sent = getattr(provider, "keys_seen", None)
        return results, rss, alive, stop_seconds, note, key_sent
    finally:
        if server:
            server.kill()
        provider.close()


def fault_figures(kind, results, rss, note=""):
    searches = [r for r in results if not r.get("page")]
    times = [r["seconds"] for r in searches]
    answered = [r for r in searches if r["status"] == 200]
    from_catalog = [r for r in answered if (r.get("source") or "").lower() == "catalog"]
    with_notice = [r for r in from_catalog if r.get("notice")]
    errors = {}
    for r in searches:
        if r["status"] != 200:
            label = str(r["status"]) if r["status"] is not None else r["error"]
            errors[label] = errors.get(label, 0) + 1
    leaked = [r for r in results if (r.get("leak") or "").startswith("full")]
    prefix = [r for r in results if r.get("leak") == "prefix"]
    fallback_ok = len(with_notice) == len(searches) and searches
    sources = sorted({str(r.get("source")) for r in answered})
    figures = (f"{len(answered)}/{len(searches)} answered 200, median {seconds(median(times))}, "
               f"max {seconds(max(times, default=None))}, catalog+notice {len(with_notice)}/{len(searches)}"
               f" (X-Chaek-Source {', '.join(sources) or '-'}), peak RSS {megabytes(rss)}, "
               f"key leaked in {len(leaked)} responses"
               + (f", key prefix in {len(prefix)}" if prefix else "")
               + (f", failures {errors}" if errors else ""))
    details = [note] if note else []
    for r in leaked[:3]:
        details.append(f"key leaked in the {r['leak'][6:-1]} of GET {r.get('path')} (status {r['status']})")
    result = Result("providers", f"fault {kind}: offline catalog answers with a notice, key hidden",
                    bool(fallback_ok) and not leaked, figures, details)
    result.leaked = len(leaked)
    result.kind = kind
    result.row = {
        "kind": kind,
        "answered": f"{len(answered)}/{len(searches)}",
        "median": seconds(median(times)),
        "max": seconds(max(times, default=None)),
        "catalog+notice": f"{len(with_notice)}/{len(searches)}",
        "rss": megabytes(rss),
        "leaked": str(len(leaked)),
    }
    return result


def check_faults(binary, kinds):
    results = []
    for kind in kinds:
        log(f"[faults] {kind}: 10 searches (5 at a time) + the results fragment and page, "
            f"CHAEK_PROVIDER_TIMEOUT={PROVIDER_TIMEOUT}")
        try:
            runs, rss, alive, stop_seconds, note, keys_seen = fault_run(binary, kind)
        except ServerError as error:
            results.append(Result("providers", f"fault {kind}", False, f"server did not start: {error}"))
            continue
        result = fault_figures(kind, runs, rss, note)
        if keys_seen is not None and KAKAO_KEY not in keys_seen:
            result.details.append("the stub never received Authorization: KakaoAK <the key>")
        if not alive:
            result.passed = False
            result.figures += "; /healthz did not answer afterwards"
        if stop_seconds is None:
            result.passed = False
            result.figures += "; SIGTERM did not stop it in 10 s"
        log(f"  {result.verdict} {result.figures}")
        for line in result.details:
            log(f"    {line}")
        results.append(result)
    return results


def key_check(fault_results):
    """One check over every fault kind: the key never reached a client."""
    leaked = {r.kind: r.leaked for r in fault_results if getattr(r, "leaked", 0)}
    counted = [r for r in fault_results if hasattr(r, "leaked")]
    figures = ("never in a response header or body" if not leaked
               else "leaked: " + ", ".join(f"{kind} ({n} responses)" for kind, n in leaked.items()))
    return Result("providers", f"Kakao key never exposed ({len(counted)} fault kinds)", not leaked, figures)
