#!/usr/bin/env python3
"""Writes recorders.tsv: what each fixture of recordings/testdata/recorders
holds, read with PyYAML and CPython's json, base64, gzip and zlib from each
recorder's own description of its format, independently of package
cassette: per interaction its method, URI, status, and each body as its kind
(none, bytes, json) and the SHA-256 of its bytes (bytes) or of
json.dumps(body, sort_keys=True) (json). A response body's Content-Encoding
is undone as oracle.py's inflate does. Run from this folder: python3 recorders.py
"""
import base64, csv, gzip, json, os, urllib.parse
import yaml
from oracle import HERE, digest, header, inflate

RECORDERS = os.path.join(HERE, "..", "..", "testdata", "recorders")


class RubyLoader(yaml.SafeLoader):
    pass


# Psych writes a Ruby string that is not UTF-8 under !binary, base64.
RubyLoader.add_constructor("!binary", lambda loader, node: base64.b64decode(loader.construct_scalar(node)))


def as_bytes(s):
    return None if s is None else s if isinstance(s, bytes) else s.encode("utf-8")


def inflated(b, headers):
    """b with the Content-Encoding of headers undone (oracle.py's inflate)."""
    return None if b is None else inflate(b, header(headers, "content-encoding"))


def ruby_vcr(path):
    """Ruby VCR (lib/vcr/structs.rb): body {encoding, string | base64_string}."""
    doc = yaml.load(open(path, encoding="utf-8"), Loader=RubyLoader)

    def body(b):
        if b is None:
            return None
        if "base64_string" in b:
            return base64.b64decode(b["base64_string"])
        return as_bytes(b.get("string"))

    for it in doc["http_interactions"]:
        req, resp = it["request"], it["response"]
        yield (req["method"], req["uri"], resp["status"]["code"], ("bytes", body(req.get("body"))),
               ("bytes", inflated(body(resp.get("body")), resp.get("headers"))))


def go_vcr(path):
    """go-vcr v2+ (pkg/cassette/cassette.go): body a string or !!binary, code."""
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    for it in doc["interactions"]:
        req, resp = it["request"], it["response"]
        yield (req["method"], req["url"], resp["code"], ("bytes", as_bytes(req.get("body"))),
               ("bytes", inflated(as_bytes(resp.get("body")), resp.get("headers"))))


def http_message(b):
    """An HTTP/1.1 message: its first line, headers (a dict of lists, names
    in lowercase) and body, a chunked transfer coding undone (RFC 9112)."""
    i = b.find(b"\n\n") + 2 if b.find(b"\n\n") >= 0 else len(b)
    j = b.find(b"\r\n\r\n") + 4 if b.find(b"\r\n\r\n") >= 0 else len(b)
    k = b.find(b"\n\r\n") + 3 if b.find(b"\n\r\n") >= 0 else len(b)
    end = min(i, j, k)
    lines = b[:end].decode("latin-1").replace("\r\n", "\n").split("\n")
    headers = {}
    for line in lines[1:]:
        if line:
            n, v = line.split(":", 1)
            headers.setdefault(n.strip().lower(), []).append(v.strip())
    body = b[end:]
    if "chunked" in ",".join(headers.get("transfer-encoding", [])).lower():
        out = b""
        while True:
            size, body = body.split(b"\r\n", 1)
            n = int(size.split(b";")[0], 16)
            if n == 0:
                break
            out, body = out + body[:n], body[n + 2:]
        body = out
    return lines[0], headers, body or None


def httprr(path):
    """httprr (rsc.io/httprr, langchaingo's internal/httprr/rr.go): a header
    line, then per call "N1 N2\\n" and the request and response bytes."""
    data = open(path, "rb").read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    line, data = data.split(b"\n", 1)
    assert line.rstrip(b"\r") == b"httprr trace v1"
    while data:
        line, data = data.split(b"\n", 1)
        n1, n2 = map(int, line.split())
        req, resp, data = data[:n1], data[n1:n1 + n2], data[n1 + n2:]
        first, _, rbody = http_message(req)
        method, uri, _ = first.split(" ")
        status, headers, body = http_message(resp)
        yield (method, uri, int(status.split(" ")[1]), ("bytes", rbody),
               ("bytes", inflated(body, {k: v for k, v in headers.items()})))


# The base URLs rig's tests pass for each provider folder (rig at b75850e,
# tests/providers/*/support.rs and ProviderCassette::start's callers).
RIG = {"anthropic": "https://api.anthropic.com", "bedrock": "https://bedrock-runtime.us-east-1.amazonaws.com",
       "chatgpt": "https://chatgpt.com", "cohere": "https://api.cohere.ai", "copilot": "https://api.githubcopilot.com",
       "deepseek": "https://api.deepseek.com", "doubleword": "https://api.doubleword.ai",
       "gemini": "https://generativelanguage.googleapis.com", "groq": "https://api.groq.com",
       "llamacpp": "http://127.0.0.1:8080", "mistral": "https://api.mistral.ai", "mistralrs": "http://127.0.0.1:1234",
       "ollama": "http://localhost:11434", "openai": "https://api.openai.com", "openrouter": "https://openrouter.ai",
       "perplexity": "https://api.perplexity.ai", "venice": "https://api.venice.ai", "xai": "https://api.x.ai"}


def httpmock(path, source):
    """rig's cassettes (tests/common/cassettes.rs): httpmock's when/then
    mocks, one YAML document each, no host: the provider folder's."""
    provider = source.split("/cassettes/")[1].split("/")[0]

    def body(m):
        b = m.get("body")
        if b is not None and m.get("body_encoding") == "base64":
            return base64.b64decode(b)
        return as_bytes(b)

    for doc in yaml.safe_load_all(open(path, encoding="utf-8")):
        when, then = doc["when"], doc["then"]
        q = urllib.parse.urlencode([(p["name"], p["value"]) for p in when.get("query_param") or []])
        uri = RIG[provider] + when["path"] + ("?" + q if q else "")
        headers = {h["name"]: h["value"] for h in then.get("header") or []}
        yield when["method"], uri, then["status"], ("bytes", body(when)), ("bytes", inflated(body(then), headers))


def test_proxy(path):
    """The Azure SDK test proxy (RecordEntry.cs's DeserializeBody): under a
    text Content-Type a list of strings joined, a string as text, other
    JSON as JSON; else a multipart list's strings ("b64:" base64), another
    list empty, a string base64."""
    doc = json.load(open(path, encoding="utf-8-sig"))

    def body(b, headers):
        if b is None:
            return None
        ct = [v for k, v in headers.items() if k.lower() == "content-type"]
        ct = ct[0] if len(ct) == 1 and isinstance(ct[0], str) else ""
        low = ct.lower()
        text = ("; charset=utf-8" in low or low.startswith("text/") or low.startswith("application/json")
                or low.endswith("json") or low.endswith("xml") or low.endswith("-urlencoded"))
        if isinstance(b, list):
            if text:
                return ("bytes", "".join(b).encode("utf-8"))
            if low.startswith("multipart/"):
                return ("bytes", b"".join(base64.b64decode(x[4:]) if x.startswith("b64:") else x.encode("ascii")
                                         for x in b if isinstance(x, str)))
            return ("bytes", b"")
        if isinstance(b, str):
            return ("bytes", b.encode("utf-8") if text else base64.b64decode(b))
        return ("json", b)

    for e in doc["Entries"]:
        req, resp = body(e["RequestBody"], e["RequestHeaders"]), body(e["ResponseBody"], e["ResponseHeaders"])
        if resp is not None and resp[0] == "bytes":
            resp = ("bytes", inflated(resp[1], e["ResponseHeaders"]))
        yield e["RequestMethod"], e["RequestUri"], e["StatusCode"], req, resp


def har(path):
    """HAR 1.2: postData.text, content.text (base64 under encoding "base64";
    Polly's adapter-node-http: a JSON list of base64 chunks when the
    response has a Content-Encoding)."""
    for e in json.load(open(path, encoding="utf-8"))["log"]["entries"]:
        req, resp = e["request"], e["response"]
        pd = req.get("postData")
        rb = as_bytes(pd.get("text")) if pd else None
        c = resp["content"]
        t = c.get("text")
        if t is not None and c.get("encoding") == "base64":
            t = b"".join(base64.b64decode(x) for x in json.loads(t)) if t.startswith("[") else base64.b64decode(t)
        headers = {h["name"]: h["value"] for h in resp["headers"]}
        yield req["method"], req["url"], resp["status"], ("bytes", rb), ("bytes", inflated(as_bytes(t), headers))


def vercel(path):
    """vercel/ai's __fixtures__ (a .json body, a .chunks.txt stream): the
    response alone, no request."""
    yield "", "", 0, None, ("bytes", open(path, "rb").read())


READERS = {"ruby-vcr": ruby_vcr, "go-vcr": go_vcr, "httprr": httprr, "httpmock-yaml": httpmock,
           "azure-test-proxy": test_proxy, "har": har, "chunks-txt": vercel}


def cell(part):
    if part is None or part[1] is None:
        return ["none", "-"]
    kind, v = part
    if kind == "json":
        return ["json", digest(json.dumps(v, sort_keys=True).encode())]
    return ["bytes", digest(v)]


def main():
    rows = []
    with open(os.path.join(RECORDERS, "MANIFEST.tsv"), encoding="utf-8") as f:
        for m in csv.DictReader(f, delimiter="\t"):
            read = READERS.get(m["format"])
            if read is None:
                continue
            args = [m["source_path"]] if read is httpmock else []
            for i, (method, uri, status, req, resp) in enumerate(read(os.path.join(RECORDERS, m["file"]), *args)):
                rows.append([m["file"], i, method, uri, status or 0] + cell(req) + cell(resp))
    with open(os.path.join(HERE, "recorders.tsv"), "w", encoding="utf-8") as w:
        w.write("file\ti\tmethod\turi\tstatus\treq_kind\treq_digest\tresp_kind\tresp_digest\n")
        for r in rows:
            w.write("\t".join(str(x) for x in r) + "\n")
    print(len(rows), "interactions")


if __name__ == "__main__":
    main()
