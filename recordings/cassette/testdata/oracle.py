#!/usr/bin/env python3
"""Writes cassettes.tsv: what each cassette of recordings/testdata/cassettes
holds, read with PyYAML and CPython's json, gzip and zlib, independently of
package cassette: per interaction its method, URI, status, and each body as
its kind (none, bytes, json) and the SHA-256 of its bytes (bytes) or of
json.dumps(body, sort_keys=True) (json: a parsed_body, an xAI sample).
Run from this folder: python3 oracle.py
"""
import base64, glob, gzip, hashlib, json, os, zlib
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
CASSETTES = os.path.join(HERE, "..", "..", "testdata", "cassettes")


class Loader(yaml.SafeLoader):
    pass


def tagged(loader, suffix, node):
    # aiohttp's istr header names are tagged one-item lists: the name.
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)[0]
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    return loader.construct_scalar(node)


Loader.add_multi_constructor("tag:yaml.org,2002:python/", tagged)


def yaml_interactions():
    """Yields (file name, k from 1, interaction) for each interaction of
    the YAML cassettes, in the files' order."""
    for path in sorted(glob.glob(os.path.join(CASSETTES, "*.yaml"))):
        doc = yaml.load(open(path, encoding="utf-8"), Loader=Loader)
        if not isinstance(doc, dict):
            continue
        for k, it in enumerate(doc.get("interactions") or []):
            yield os.path.basename(path), k + 1, it


def digest(b):
    return hashlib.sha256(b).hexdigest()


def as_bytes(v):
    if v is None:
        return None
    if isinstance(v, dict):
        v = v.get("string")
        if v is None:
            return None
    return v if isinstance(v, bytes) else v.encode("utf-8")


def header(h, name):
    for k, v in (h or {}).items():
        if k.lower() == name.lower():
            return v[0] if isinstance(v, list) else v
    return None


def inflate(b, enc):
    enc = (enc or "").strip().lower()
    if enc in ("gzip", "x-gzip") and b[:2] == b"\x1f\x8b":
        return gzip.decompress(b)
    if enc == "deflate":
        try:
            return zlib.decompress(b, -15)
        except zlib.error:
            return b
    return b


def part(m, enc=None):
    if "parsed_body" in m:
        return "json", digest(json.dumps(m["parsed_body"], sort_keys=True).encode())
    b = as_bytes(m["body"] if "body" in m else m.get("content"))  # content: older vcrpy's httpx responses
    if b is None:
        return "none", "-"
    return "bytes", digest(inflate(b, enc) if enc is not None else b)


def main():
    rows = []
    for f in sorted(glob.glob(os.path.join(CASSETTES, "*.y*ml")) + glob.glob(os.path.join(CASSETTES, "*.json"))):
        name = os.path.basename(f)
        text = open(f, "rb").read()
        doc = json.loads(text) if name.endswith(".json") else yaml.load(text, Loader=Loader)
        its = doc["interactions"] if "interactions" in doc else [doc]
        for i, it in enumerate(its):
            if "request_sample" in it or "request_stream" in it:
                req = it.get("request_sample") or it.get("request_stream")
                resp = it.get("response_sample") or it.get("response_stream")
                body = resp["chunks_json"] if "chunks_json" in resp else resp["json"]
                rows.append([name, i, "gRPC", "xai:" + req["json"].get("model", ""), 0,
                             "json", digest(json.dumps(req["json"], sort_keys=True).encode()),
                             "json", digest(json.dumps(body, sort_keys=True).encode())])
                continue
            req, resp = it["request"], it["response"]
            st = resp["status"] if "status" in resp else resp.get("status_code")
            code = st.get("code") if isinstance(st, dict) else st
            rk, rd = part(req)
            sk, sd = part(resp, header(resp.get("headers"), "content-encoding") or "")
            rows.append([name, i, req.get("method", ""), req.get("uri") or req.get("url") or "", int(code or 0), rk, rd, sk, sd])
    with open(os.path.join(HERE, "cassettes.tsv"), "w") as w:
        w.write("file\ti\tmethod\turi\tstatus\treq_kind\treq_digest\tresp_kind\tresp_digest\n")
        for r in rows:
            w.write("\t".join(str(x) for x in r) + "\n")
    print(len(rows), "interactions")


if __name__ == "__main__":
    main()
