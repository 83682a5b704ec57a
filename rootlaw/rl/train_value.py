"""``rootlaw train-value``: the learned evaluation's pipeline, from games to a model file.

    rootlaw train-value --games 20000 --workers 2 --corpus corpus/ --out value_model.json
    rootlaw train-value --games 100000 --ray ray://head:10001 --corpus corpus/
    rootlaw train-value --fit-only --corpus corpus/ --kind gbdt

1. **Corpus.** ``--games`` cheap games (``plan``): a third of them one agent against three
   Rootbotics bots (every human faction in turn: a base faction meets the other three
   bots, any other the Mechanical Marquise, the Electric Eyrie and the Automated
   Alliance), a third mixed tables of agents and bots, the rest the four bots alone; the
   agents drawn from ``--agents`` (the heuristic agent and a search of a few dozen
   iterations); every map and card deck in turn. Games run on worker processes like
   ``rootlaw simulate`` (``--workers``) or on Ray (``--ray``), in shards of
   ``--shard`` games written to ``--corpus`` as they finish (``.npz``): a shard
   already there is kept, so an interrupted run goes on where it stopped. Game i has
   seed ``--seed`` + i: the corpus is the same on any number of workers.
2. **Positions.** At the start of a faction turn (each with probability ``--sample``)
   every seat's ``value_features`` are recorded, with the VP it ended the game with and
   whether it won.
3. **Fit.** Per faction, the final VP from the features: ``--kind mlp`` (scikit-learn's
   MLPRegressor), ``gbdt`` (LightGBM) or ``linear`` (ridge, numpy); a tenth of the games
   held out for validation (RMSE), and the softmax temperature over the seats' predicted
   VP that best predicts the held-out winners.
4. **Model.** A small JSON file (``rootlaw.agents.value``), read by the search at its
   leaves (``mcts:...,learned=1``) without any of the training libraries.
"""
from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import rootlaw
from rootlaw.agents.base import decide, make_agent
from rootlaw.agents.value import FORMAT, VERSION, value_features
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES
from rootlaw.core.faction_api import FACTIONS

DEFAULT_AGENTS = "heuristic:depth=0@3,heuristic:depth=1@2,mcts:iters=24@1"
DECKS = tuple(d for d in DECK_FILES if d != "prototype")
HOLDOUT = 10  # one game in this many is held out for validation
INNER = 5  # of the training games, those with index % HOLDOUT == INNER tune the fit
MAX_TURNS = 200


def base_bots() -> list[str]:
    """The Rootbotics bots of the Law's base factions (Mechanical Marquise, Electric
    Eyrie, Automated Alliance, Vagabot), in the registry's order."""
    return [str(b) for b, fd in FACTIONS.items() if fd.is_bot]


def opponents(me: str) -> list[str]:
    """The three bots a human faction meets (issue 43): for a faction with its own bot,
    the other three Rootbotics bots; for any other, the Mechanical Marquise, the
    Electric Eyrie and the Automated Alliance."""
    bots = base_bots()
    mine = [b for b in bots if FACTIONS[b].replaces == me]
    if mine:
        return [b for b in bots if b not in mine]
    return [b for b in bots if FACTIONS[b].replaces != "vagabond"]


def humans() -> list[str]:
    from rootlaw.tournament import human_factions

    return [str(f) for f in human_factions()]


def parse_agents(text: str) -> list[tuple[str, float]]:
    """``SPEC@WEIGHT,SPEC,...``: the agents the corpus's seats are drawn from, each with a
    weight (1 without ``@``); a part ``k=v`` without ``:`` is a parameter of the agent
    before it (``mcts:iters=24,horizon=8@1`` is one agent)."""
    out: list[tuple[str, float]] = []
    parts: list[str] = []
    for part in filter(None, (x.strip() for x in text.split(","))):
        if parts and "=" in part and ":" not in part:
            parts[-1] += "," + part
        else:
            parts.append(part)
    for part in parts:
        spec, at, weight = part.partition("@")
        try:
            w = float(weight) if at else 1.0
        except ValueError:
            raise ValueError(f"agent {part!r}: the weight after @ must be a number") from None
        if w <= 0:
            raise ValueError(f"agent {part!r}: the weight must be positive")
        make_agent(spec)  # a bad spec is refused now, not in a worker
        out.append((spec, w))
    if not out:
        raise ValueError("no agents given")
    return out


@dataclass(slots=True)
class Job:
    """One corpus game."""

    index: int
    factions: tuple[str, ...]
    agents: dict[str, str]
    map: str
    deck: str
    seed: int
    sample: float


def plan(games: int, seed: int, agents: list[tuple[str, float]], sample: float = 0.3,
         factions: list[str] | None = None, maps: tuple[str, ...] = MAP_NAMES,
         decks: tuple[str, ...] = DECKS) -> list[Job]:
    """The corpus's games (a pure function of the arguments; see the module's doc)."""
    pool = factions or humans()
    specs = [a for a, _ in agents]
    weights = [w for _, w in agents]
    bots = base_bots()
    out: list[Job] = []
    duel = 0
    for i in range(games):
        rng = random.Random(seed * 7919 + i)
        kind = i % 3
        table: list[str]
        if kind == 0:  # one agent against three bots, every faction in turn
            me = pool[duel % len(pool)]
            duel += 1
            table = [me, *opponents(me)]
        elif kind == 1:  # a mixed table
            table = _mixed(rng, pool, bots)
        else:  # the bots alone
            table = list(bots)
        rng.shuffle(table)
        chosen = {f: rng.choices(specs, weights)[0] for f in table if not FACTIONS[f].is_bot}
        out.append(Job(i, tuple(table), chosen, maps[i % len(maps)],
                       decks[(i // len(maps)) % len(decks)], seed + i, sample))
    return out


def _mixed(rng: random.Random, pool: list[str], bots: list[str]) -> list[str]:
    """Two to four human factions and bots to fill four seats, none a bot of a seated
    faction (Rootbotics 3.2), with the reach the Law asks (5.2) not required."""
    while True:
        k = rng.randint(2, 4)
        people = rng.sample(pool, k)
        free = [b for b in bots if FACTIONS[b].replaces not in people]
        table = people + rng.sample(free, min(len(free), 4 - k))
        try:
            rootlaw.new_game(factions=table, seed=0)
        except rootlaw.SetupError:
            continue
        return table


Row = tuple[str, dict[str, float], int]  # faction, features, the moment's number


def record(job: Job) -> dict[str, Any]:
    """Play one corpus game; the sampled positions, every seat's final VP and winners."""
    from rootlaw.sim import GameSpec, agent_seed, new_game, unstarted

    spec = GameSpec(job.factions, job.seed, job.agents, job.map, job.deck)
    g = unstarted(new_game(spec))
    rng = random.Random(job.seed ^ 0x5EED)
    rows: list[Row] = []
    moments = 0
    last = -1

    def run_on() -> None:
        nonlocal moments, last
        while g.run_step():
            if g.turn_no != last and not g.is_over:
                last = g.turn_no
                if g.turn_no > 0 and rng.random() < job.sample:
                    for s, f in enumerate(g.factions):
                        rows.append((f, value_features(g, s), moments))
                    moments += 1

    run_on()
    players = [None if g.fdefs[i].is_bot else
               make_agent(job.agents.get(f, "random"), agent_seed(job.seed, i))
               for i, f in enumerate(g.factions)]
    decisions = 0
    while not g.is_over and g.turn_no <= MAX_TURNS:
        d = g.decision
        assert d is not None
        agent = players[g.seat_of(d.seat)]
        assert agent is not None
        g.apply(decide(agent, g, seed=job.seed * 1_000_003 + decisions), advance=False)
        decisions += 1
        run_on()
    return {"index": job.index, "over": g.is_over, "factions": list(g.factions),
            "scores": [int(v) for v in g.vp], "winners": [str(w) for w in g.won],
            "rows": rows, "turns": g.turn_no, "decisions": decisions}


def _chunk(jobs: list[Job]) -> list[dict[str, Any]]:
    return [record(j) for j in jobs]


def play(jobs: list[Job], workers: int = 1, ray: str | None = None,
         chunk: int = 4) -> Iterator[dict[str, Any]]:
    """The games' records, in any order, on this process, ``workers`` spawned processes
    (as ``rootlaw simulate``) or a Ray cluster (``""``: a local one)."""
    chunks = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
    if ray is not None:
        yield from _play_ray(chunks, workers, ray)
    elif workers <= 1:
        for c in chunks:
            yield from _chunk(c)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for results in pool.imap_unordered(_chunk, chunks):
                yield from results


def _play_ray(chunks: list[list[Job]], workers: int, address: str
              ) -> Iterator[dict[str, Any]]:
    import ray

    from rootlaw.sim import _env_for_ray

    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                     runtime_env={"env_vars": _env_for_ray()})
    try:
        remote = ray.remote(_chunk)
        pending = [remote.remote(c) for c in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------- the corpus on disk
def shard_path(corpus: Path, k: int) -> Path:
    return corpus / f"shard_{k:05d}.npz"


def write_shard(path: Path, records: list[dict[str, Any]]) -> dict[str, int]:
    """A shard: per faction, the feature names, a float32 matrix, the final VP, whether
    it won, the game's index and the moment (rows of one moment share a game and turn)."""
    by: dict[str, list[tuple[dict[str, float], float, float, int, int]]] = {}
    for r in records:
        if not r["over"]:
            continue  # a game that did not end has no outcome
        for f, x, moment in r["rows"]:
            s = r["factions"].index(f)
            by.setdefault(f, []).append((x, float(r["scores"][s]), float(f in r["winners"]),
                                         int(r["index"]), int(moment)))
    arrays: dict[str, np.ndarray] = {}
    counts: dict[str, int] = {}
    for f, rows in by.items():
        keys = sorted({k for x, *_ in rows for k, v in x.items() if v})
        col = {k: j for j, k in enumerate(keys)}
        X = np.zeros((len(rows), len(keys)), dtype=np.float32)
        for i, (x, *_) in enumerate(rows):
            for k, v in x.items():
                if v:
                    X[i, col[k]] = v
        arrays[f"{f}/X"] = X
        arrays[f"{f}/keys"] = np.array(keys)
        arrays[f"{f}/y"] = np.array([r[1] for r in rows], dtype=np.float32)
        arrays[f"{f}/won"] = np.array([r[2] for r in rows], dtype=np.float32)
        arrays[f"{f}/game"] = np.array([r[3] for r in rows], dtype=np.int64)
        arrays[f"{f}/moment"] = np.array([r[4] for r in rows], dtype=np.int32)
        counts[f] = len(rows)
    meta = {"games": len(records), "ended": sum(1 for r in records if r["over"]),
            "turns": sum(r["turns"] for r in records),
            "decisions": sum(r["decisions"] for r in records),
            "indices": sorted(int(r["index"]) for r in records)}
    arrays["meta"] = np.array(json.dumps(meta))
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)
    return counts


def generate(corpus: Path, jobs: list[Job], shard: int, workers: int, ray: str | None,
             log: Any = sys.stderr) -> dict[str, Any]:
    """Play the jobs whose shards are not on disk yet, writing each shard when its games
    are all done; the figures of this run."""
    corpus.mkdir(parents=True, exist_ok=True)
    todo: list[Job] = []
    for k in range(0, len(jobs), shard):
        if not shard_path(corpus, k // shard).exists():
            todo.extend(jobs[k:k + shard])
    t0 = time.perf_counter()
    pending: dict[int, list[dict[str, Any]]] = {}
    done = 0
    for r in play(todo, workers, ray):
        k = r["index"] // shard
        pending.setdefault(k, []).append(r)
        size = min(shard, len(jobs) - k * shard)
        if len(pending[k]) == size:
            write_shard(shard_path(corpus, k), pending.pop(k))
        done += 1
        if done % max(1, shard // 2) == 0 or done == len(todo):
            el = time.perf_counter() - t0
            print(f"corpus: {done}/{len(todo)} games in {el:.0f} s "
                  f"({done / max(el, 1e-9):.2f} games/s)", file=log, flush=True)
    return {"played": done, "seconds": time.perf_counter() - t0}


@dataclass
class Table:
    """One faction's rows over the corpus."""

    keys: list[str]
    X: np.ndarray
    y: np.ndarray
    won: np.ndarray
    game: np.ndarray
    moment: np.ndarray


def load_corpus(corpus: Path, limit: int | None = None) -> tuple[dict[str, Table], dict[str, Any]]:
    """Every shard's rows by faction (columns united across shards), and the totals."""
    parts: dict[str, list[dict[str, np.ndarray]]] = {}
    meta = {"games": 0, "ended": 0, "turns": 0, "decisions": 0, "shards": 0}
    for path in sorted(corpus.glob("shard_*.npz")):
        if path.name.endswith(".tmp.npz"):
            continue
        with np.load(path) as z:
            m = json.loads(str(z["meta"]))
            for k in ("games", "ended", "turns", "decisions"):
                meta[k] += int(m[k])
            meta["shards"] += 1
            for name in z.files:
                if name == "meta":
                    continue
                f, _, field = name.partition("/")
                if field == "keys":
                    parts.setdefault(f, []).append({n.split("/", 1)[1]: z[n] for n in z.files
                                                    if n.startswith(f + "/")})
        if limit is not None and meta["games"] >= limit:
            break
    tables: dict[str, Table] = {}
    for f, ps in parts.items():
        keys = sorted({str(k) for p in ps for k in p["keys"]})
        col = {k: j for j, k in enumerate(keys)}
        n = sum(len(p["y"]) for p in ps)
        X = np.zeros((n, len(keys)), dtype=np.float32)
        at = 0
        for p in ps:
            idx = [col[str(k)] for k in p["keys"]]
            X[at:at + len(p["y"]), idx] = p["X"]
            at += len(p["y"])
        tables[f] = Table(keys, X, *(np.concatenate([p[k] for p in ps])
                                     for k in ("y", "won", "game", "moment")))
    return tables, meta


# ---------------------------------------------------------------- fitting
def fit_faction(t: Table, kind: str, seed: int = 0) -> tuple[dict[str, Any], np.ndarray]:
    """One faction's model on its training rows; returns the model's JSON and a predict
    function's results on every row of ``t`` (training and held out)."""
    train = t.game % HOLDOUT != 0
    keep = [j for j in range(len(t.keys)) if np.any(t.X[train, j] != 0)]
    keys = [t.keys[j] for j in keep]
    X = t.X[:, keep].astype(np.float64)
    y = t.y.astype(np.float64)
    inner = t.game % HOLDOUT == INNER
    if kind == "linear":
        return _fit_linear(keys, X, y, train, inner)
    if kind == "mlp":
        return _fit_mlp(keys, X, y, train, seed)
    if kind == "gbdt":
        return _fit_gbdt(keys, X, y, train, inner, seed)
    raise ValueError(f"unknown model kind {kind!r}")


def _fit_linear(keys: list[str], X: np.ndarray, y: np.ndarray, train: np.ndarray,
                inner: np.ndarray) -> tuple[dict[str, Any], np.ndarray]:
    """Ridge, its penalty the one of 1, 10, ..., 10^4 that predicts the inner games best
    when fitted on the other training games."""
    def solve(rows: np.ndarray, ridge: float) -> tuple[np.ndarray, float]:
        mean = X[rows].mean(axis=0)
        scale = X[rows].std(axis=0)
        scale[scale == 0] = 1.0
        Z = (X[rows] - mean) / scale
        w = np.linalg.solve(Z.T @ Z + ridge * np.eye(Z.shape[1]),
                            Z.T @ (y[rows] - y[rows].mean())) / scale
        return w, float(y[rows].mean() - mean @ w)

    ridge = 10.0
    fit_rows = train & ~inner
    if inner.any() and fit_rows.sum() > 1:
        errors = {}
        for r in (1.0, 10.0, 100.0, 1000.0, 10000.0):
            w, b = solve(fit_rows, r)
            errors[r] = float(np.mean((X[inner] @ w + b - y[inner]) ** 2))
        ridge = min(errors, key=lambda r: errors[r])
    raw, bias = solve(train, ridge)
    return ({"features": keys, "weights": [round(float(v), 6) for v in raw],
             "bias": round(bias, 6), "ridge": ridge}, X @ raw + bias)


def _fit_mlp(keys: list[str], X: np.ndarray, y: np.ndarray, train: np.ndarray,
             seed: int) -> tuple[dict[str, Any], np.ndarray]:
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPRegressor

    mean = X[train].mean(axis=0)
    scale = X[train].std(axis=0)
    scale[scale == 0] = 1.0
    net = MLPRegressor(hidden_layer_sizes=(32,), alpha=1e-3,
                       batch_size=min(256, int(train.sum())),
                       learning_rate_init=1e-3, max_iter=60, early_stopping=True,
                       n_iter_no_change=5, random_state=seed)
    with warnings.catch_warnings():  # early stopping on a tiny corpus may stop short
        warnings.simplefilter("ignore", ConvergenceWarning)
        net.fit((X[train] - mean) / scale, y[train])
    pred = net.predict((X - mean) / scale)
    return ({"features": keys, "mean": [round(float(v), 6) for v in mean],
             "scale": [round(float(v), 6) for v in scale],
             "weights": [[[round(float(v), 6) for v in row] for row in w] for w in net.coefs_],
             "biases": [[round(float(v), 6) for v in b] for b in net.intercepts_]}, pred)


def _fit_gbdt(keys: list[str], X: np.ndarray, y: np.ndarray, train: np.ndarray,
              inner: np.ndarray, seed: int, trees: int = 300
              ) -> tuple[dict[str, Any], np.ndarray]:
    """LightGBM, as many trees (up to ``trees``) as predict the inner games best when
    fitted on the other training games, then refitted on every training game."""
    import lightgbm as lgb

    params = {"objective": "regression", "learning_rate": 0.05, "num_leaves": 15,
              "min_data_in_leaf": 50, "feature_fraction": 0.8, "bagging_fraction": 0.8,
              "bagging_freq": 1, "lambda_l2": 1.0, "verbose": -1, "seed": seed,
              "num_threads": 1}
    fit_rows = train & ~inner
    if inner.any() and fit_rows.any():
        probe = lgb.train(params, lgb.Dataset(X[fit_rows], y[fit_rows]),
                          num_boost_round=trees,
                          valid_sets=[lgb.Dataset(X[inner], y[inner])],
                          callbacks=[lgb.early_stopping(20, verbose=False)])
        trees = max(10, probe.best_iteration or trees)
    booster = lgb.train(params, lgb.Dataset(X[train], y[train]), num_boost_round=trees)
    pred = np.asarray(booster.predict(X), dtype=np.float64)
    dump = booster.dump_model()
    feat: list[int] = []
    thr: list[float] = []
    left: list[int] = []
    right: list[int] = []
    leaf: list[float] = []
    roots: list[int] = []

    def walk(node: dict[str, Any]) -> int:
        if "leaf_value" in node:
            leaf.append(float(node["leaf_value"]))
            return ~(len(leaf) - 1)
        if node.get("decision_type", "<=") != "<=":
            raise ValueError(f"LightGBM split {node.get('decision_type')!r} not supported")
        i = len(feat)
        feat.append(int(node["split_feature"]))
        thr.append(float(node["threshold"]))
        left.append(0)
        right.append(0)
        left[i] = walk(node["left_child"])
        right[i] = walk(node["right_child"])
        return i

    for tree in dump["tree_info"]:
        roots.append(walk(tree["tree_structure"]))
    return ({"features": keys, "feat": feat, "thr": [float(np.float32(v)) for v in thr],
             "left": left, "right": right, "leaf": [round(v, 6) for v in leaf],
             "roots": roots, "bias": 0.0}, pred)


def temperature(tables: dict[str, Table], preds: dict[str, np.ndarray]
                ) -> tuple[float, dict[str, float]]:
    """The softmax temperature (VP) over the seats' predicted final VP that best predicts
    the held-out winners (mean log-likelihood), and how well it does."""
    moments: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for f, t in tables.items():
        held = t.game % HOLDOUT == 0
        for p, w, gm, m in zip(preds[f][held], t.won[held], t.game[held], t.moment[held],
                               strict=True):
            moments.setdefault((int(gm), int(m)), []).append((float(p), float(w)))
    groups = [g for g in moments.values() if len(g) > 1 and sum(w for _, w in g) == 1]
    if not groups:
        return 4.0, {"moments": 0}
    best_t, best_ll = 4.0, -1e18
    for temp in [0.5 * k for k in range(2, 41)]:
        ll = 0.0
        for g in groups:
            top = max(p for p, _ in g)
            z = sum(math.exp((p - top) / temp) for p, _ in g)
            ll += sum(w * ((p - top) / temp - math.log(z)) for p, w in g)
        if ll > best_ll:
            best_t, best_ll = temp, ll
    hits = sum(1 for g in groups if max(g)[1] == 1.0)
    return best_t, {"moments": len(groups), "log_likelihood": best_ll / len(groups),
                    "winner_ranked_first": hits / len(groups)}


def issue14_fit(t: Table, faction: str) -> np.ndarray | None:
    """The predictions of the evaluation fitted in issue 14 (``values.json``: a linear
    function of the heuristic's features and their products with the rounds left) on
    the same rows, where it has a fit for the faction: the baseline of the figures."""
    from rootlaw.core.catalog import load_json

    fits = load_json("values.json")["fits"]
    m = fits.get(faction)
    if m is None:
        return None
    col = {k: j for j, k in enumerate(t.keys)}
    r = t.X[:, col["rounds_left"]].astype(np.float64) if "rounds_left" in col \
        else np.zeros(len(t.y))
    out = m["bias"][0] + m["bias"][1] * r
    for k, (w0, w1) in m["weights"].items():
        j = col.get(k)
        if j is not None:
            out = out + (w0 + w1 * r) * t.X[:, j]
    return np.asarray(out, dtype=np.float64)


POOLED = "*"  # the model of every faction at once (its rows marked "faction:<id>")


def pool(tables: dict[str, Table]) -> Table:
    """Every faction's rows in one table, each marked by a ``faction:<id>`` column: the
    factions share what they have in common (VP, rule, the lead, the rounds left) and a
    faction with few games borrows from the others."""
    keys = sorted({k for t in tables.values() for k in t.keys}
                  | {"faction:" + f for f in tables})
    col = {k: j for j, k in enumerate(keys)}
    n = sum(len(t.y) for t in tables.values())
    X = np.zeros((n, len(keys)), dtype=np.float32)
    at = 0
    for f, t in sorted(tables.items()):
        X[at:at + len(t.y), [col[k] for k in t.keys]] = t.X
        X[at:at + len(t.y), col["faction:" + f]] = 1.0
        at += len(t.y)
    order = sorted(tables)
    return Table(keys, X, *(np.concatenate([getattr(tables[f], k) for f in order])
                            for k in ("y", "won", "game", "moment")))


def fit(tables: dict[str, Table], kind: str, seed: int = 0, min_rows: int = 200,
        pooled: bool = True, log: Any = sys.stderr) -> dict[str, Any]:
    """The model file's content, with validation figures per faction: one model of every
    faction (``pooled``) or one per faction with at least ``min_rows`` training rows."""
    models: dict[str, Any] = {}
    preds: dict[str, np.ndarray] = {}
    report: dict[str, Any] = {}
    if pooled:
        t0 = time.perf_counter()
        kept = {f: t for f, t in tables.items() if len(t.y)}
        model, pred = fit_faction(pool(kept), kind, seed)
        models[POOLED] = model
        at = 0
        for f in sorted(kept):
            preds[f] = pred[at:at + len(kept[f].y)]
            at += len(kept[f].y)
        print(f"one model of {len(kept)} factions in {time.perf_counter() - t0:.0f} s",
              file=log)
    for f, t in sorted(tables.items()):
        if not pooled:
            if int(np.sum(t.game % HOLDOUT != 0)) < min_rows:
                print(f"{f:22} {len(t.y):7} rows: too few, left to the weighted values",
                      file=log)
                continue
            models[f], preds[f] = fit_faction(t, kind, seed)
        if f not in preds:
            continue
        pred = preds[f]
        held = t.game % HOLDOUT == 0
        rmse = float(np.sqrt(np.mean((pred[held] - t.y[held]) ** 2))) if held.any() else 0.0
        base = (float(np.sqrt(np.mean((t.y[~held].mean() - t.y[held]) ** 2)))
                if held.any() and (~held).any() else 0.0)
        train_rmse = (float(np.sqrt(np.mean((pred[~held] - t.y[~held]) ** 2)))
                      if (~held).any() else 0.0)
        report[f] = {"rows": int(len(t.y)), "games": len(set(t.game.tolist())),
                     "held_out_rows": int(held.sum()), "rmse": round(rmse, 3),
                     "train_rmse": round(train_rmse, 3), "rmse_of_the_mean": round(base, 3)}
        old = issue14_fit(t, f)
        extra = ""
        if old is not None and held.any():
            report[f]["rmse_of_values_json"] = round(
                float(np.sqrt(np.mean((old[held] - t.y[held]) ** 2))), 3)
            extra = f", values.json {report[f]['rmse_of_values_json']:5.2f}"
        print(f"{f:22} {len(t.y):7} rows {report[f]['games']:6} games  validation RMSE "
              f"{rmse:5.2f} VP (train {train_rmse:5.2f}, the mean alone {base:5.2f}{extra})",
              file=log, flush=True)
    temp, calib = temperature({f: tables[f] for f in preds}, preds)
    print(f"temperature {temp} VP: {calib}", file=log)
    return {"format": FORMAT, "version": VERSION, "kind": kind, "temperature": temp,
            "validation": {"factions": report, "winners": calib}, "models": models}


def write_model(path: Path, model: dict[str, Any]) -> None:
    path.write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")


def run(a: Any, p: Any, out: Any = sys.stdout) -> int:
    corpus = Path(a.corpus)
    if a.games < 1 or a.workers < 1 or a.shard < 1:
        p.error("--games, --workers and --shard must be at least 1")
    if not 0 < a.sample <= 1:
        p.error("--sample must be in (0, 1]")
    try:
        agents = parse_agents(a.agents or DEFAULT_AGENTS)
    except ValueError as e:
        p.error(f"--agents: {e}")
    pool = humans()
    factions = a.factions.split(",") if a.factions else None
    if factions and set(factions) - set(pool):
        p.error(f"--factions: {', '.join(sorted(set(factions) - set(pool)))} not a human faction")
    t0 = time.perf_counter()
    figures: dict[str, Any] = {"build": rootlaw.BUILD}
    if not a.fit_only:
        jobs = plan(a.games, a.seed, agents, a.sample, factions)
        figures["play"] = generate(corpus, jobs, a.shard, a.workers, a.ray)
    if a.play_only:
        return 0
    tables, meta = load_corpus(corpus)
    if not tables:
        p.error(f"--corpus {corpus}: no games to fit")
    rows = sum(len(t.y) for t in tables.values())
    print(f"corpus: {meta['ended']} ended games of {meta['games']} ({meta['shards']} shards), "
          f"{rows} positions", file=out, flush=True)
    model = fit(tables, a.kind, min_rows=a.min_rows, pooled=not a.per_faction, log=out)
    model["about"] = (f"{meta['ended']} games ({meta['games']} played), {rows} positions, "
                      f"agents {a.agents or DEFAULT_AGENTS}, sample {a.sample}; kind {a.kind}"
                      f"{', per faction' if a.per_faction else ', one model of every faction'}")
    model["corpus"] = {**meta, "positions": rows}
    write_model(Path(a.out), model)
    figures["seconds"] = time.perf_counter() - t0
    print(f"wrote {a.out} ({Path(a.out).stat().st_size // 1024} KiB) in "
          f"{figures['seconds']:.0f} s", file=out)
    return 0
