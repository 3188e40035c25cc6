#!/usr/bin/env python3
"""Writes corpus-replay.tsv: what the ogx recorder's replay does with each
file of the corpus laid out as an ogx tests/integration tree.

An independent check of package replay, written for recview from the
recorder's rules as docs/hash-schemes.md and docs/replay.md state them
(normalize_inference_request, normalize_tool_request, normalize_http_request,
_normalize_body_for_hash and ResponseStorage.find_recording of
src/ogx/testing/api_recorder.py and its earlier versions), with CPython's own
json.dumps and hashlib. Run from this folder: python3 recorder_rules.py
"""
import glob, hashlib, json, os, re, sys
from urllib.parse import urlparse

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "corpus")
FALLBACK = "tests/integration/common/recordings"
MODEL_LISTS = ("/api/tags", "/v1/models", "/v1/openai/v1/models")

FLOAT = re.compile(r"(-?\d+\.\d{4,})")
UUID = r"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}"
FILE_SEARCH = [
    (re.compile(r"score:\s*[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?"), "score: __NORMALIZED__"),
    (re.compile(r",?\s*attributes:\s*\{[^}]*\}"), ""),
    (re.compile(r"document_id:\s*" + UUID), "document_id: __NORMALIZED__"),
    (re.compile(r"<\|" + UUID + r"\|>"), "<|__NORMALIZED__|>"),
]


def normalize(value, file_search, drop_project, drop_stream, root=True):
    if isinstance(value, dict):
        out = {k: normalize(v, file_search, drop_project, False, False) for k, v in value.items()}
        if drop_stream:
            out.pop("stream_options", None)
        if drop_project and root:
            for key in ("extra_body", "extra_query"):
                if isinstance(out.get(key), dict):
                    out[key].pop("project_id", None)
        return out
    if isinstance(value, list):
        return [normalize(v, file_search, drop_project, False, True) for v in value]
    if isinstance(value, float):
        return round(value, 5)
    if isinstance(value, str):
        if file_search:
            for pattern, repl in FILE_SEARCH:
                value = pattern.sub(repl, value)
        return FLOAT.sub(lambda m: f"{float(m.group(0)):.5f}", value)
    return value


def sha(obj):
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def schemes(doc):
    """(name, hash, current) for each scheme that fits, newest first."""
    req = doc["request"]
    if "payload" in req:
        obj = {"test_id": req.get("test_id"), "url": req["url"], "method": req["method"].upper(),
               "payload": normalize(req["payload"], True, True, False)}
        return [("http", sha(obj), True)]
    if "tool_name" in req:
        return [("tool", sha({"provider": req["provider"], "tool_name": req["tool_name"], "kwargs": req["kwargs"]}), True)]
    if "body" not in req:
        return []
    url = urlparse(req["url"])
    bedrock = "bedrock" in url.netloc

    def obj(body, with_test_id):
        o = {"method": req["method"].upper(), "endpoint": url.path, "body": body}
        if with_test_id:
            o["test_id"] = doc.get("test_id")
        return o

    return [
        ("current", sha(obj(normalize(req["body"], True, True, bedrock), url.path not in MODEL_LISTS)), True),
        ("legacy-no-filesearch-norm", sha(obj(normalize(req["body"], False, False, bedrock), url.path not in MODEL_LISTS)), False),
        ("test_id-raw-body", sha(obj(req["body"], url.path not in ("/api/tags", "/v1/models"))), False),
        ("v0-no-test_id-raw-body", sha(obj(req["body"], False)), False),
    ]


def name_hash(base):
    m = re.search(r"(?:^|[^0-9a-zA-Z])(?:models-)?([0-9a-f]{64}|[0-9a-f]{12})(?:-[0-9a-f]{8})?\.json$", base)
    return m.group(1) if m else ""


def unwrap(v):
    return v["__data__"] if isinstance(v, dict) and "__data__" in v else v


def digest(doc):
    body = unwrap(doc["response"]["body"])
    items = body["models"] if isinstance(body, dict) else body
    key = "model" if doc["request"]["endpoint"] == "/api/tags" else "id"
    ids = sorted(set(unwrap(m)[key] for m in items))
    return hashlib.sha256("|".join(ids).encode()).hexdigest()[:8]


def main():
    rows, paths = [], {}
    for f in sorted(glob.glob(os.path.join(CORPUS, "*.json"))):
        base = os.path.basename(f)
        paths[base.replace("__", "/")] = json.load(open(f))
    for p, doc in sorted(paths.items()):
        base = p.rsplit("/", 1)[1]
        fh = name_hash(base)
        cands = schemes(doc)
        if len(fh) == 12:
            cands = cands[-1:] + cands[:-1] if len(cands) == 4 else cands
        status, scheme = ("unknown", "-") if not fh else ("mismatch", "-")
        if "file_id" in doc["request"] and "api" in doc["request"]:
            # _patched_file_processor_method always makes the real call:
            # the recorder never looks a file processor's recording up.
            status = "not-replayed"
        for name, h, current in cands:
            if fh and h.startswith(fh):
                status, scheme = ("ok" if current and len(fh) == 64 else "stale"), name
                break
        replay = next((h for _, h, c in cands if c), "")
        req = doc["request"]
        model_list = req.get("endpoint") in MODEL_LISTS and "body" in req
        name = (f"models-{replay}-{digest(doc)}.json" if model_list else f"{replay}.json") if replay else ""
        test_id = doc.get("test_id") or req.get("test_id")
        dirs = [FALLBACK]
        if test_id:
            own = os.path.join(os.path.dirname(test_id.split("::")[0]), "recordings")
            dirs = [own] + ([FALLBACK] if own != FALLBACK else [])
        found_at, held = "", False
        for d in dirs if replay else []:
            held = held or (f"{d}/{name}" in paths and f"{d}/{name}" != p)
            if model_list:
                hits = sorted(q for q in paths if q.startswith(f"{d}/models-{replay}-") and "/" not in q[len(d) + 1:])
                if hits and not found_at:
                    found_at = hits[0]
            elif f"{d}/{name}" in paths:
                found_at = f"{d}/{name}"
                break
        # _model_list_responses globs models-{hash}-*.json: a model list
        # named otherwise is never read.
        found = (status == "ok" and os.path.dirname(p) in dirs and base.startswith(f"models-{replay}-")) if model_list else found_at == p
        leftover = status == "stale" and held
        rows.append([p, status, scheme, name or "-", found_at or "-", str(found).lower(), str(leftover).lower()])
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-replay.tsv")
    with open(out, "w") as w:
        w.write("path\tstatus\tscheme\treplay_name\treplay_path\tfound\tleftover\n")
        for r in rows:
            w.write("\t".join(r) + "\n")
    counts = {}
    for r in rows:
        counts[r[1]] = counts.get(r[1], 0) + 1
    print(len(rows), counts, "leftover", sum(r[6] == "true" for r in rows), file=sys.stderr)


if __name__ == "__main__":
    main()
