#!/usr/bin/env python3
"""Writes eventstreams.tsv: the AWS event streams in the response bodies
of recordings/testdata/cassettes, read with PyYAML, struct and zlib's
CRC-32, independently of package cassette. Per interaction whose body is
one: its messages' count, and each message's :event-type (or
:exception-type), with, for an invoke-with-response-stream "chunk", the
"type" of the model's own event its base64 "bytes" hold ("chunk:?" when
they are not JSON), comma-separated. Every prelude and message CRC is
checked. Source of the encoding: AWS's "Event stream encoding" (the S3
SelectObjectContent appendix). Run from this folder: python3 eventstreams.py
"""
import base64, json, os, struct, zlib
from oracle import HERE, yaml_interactions


def messages(b):
    out, i = [], 0
    while i < len(b):
        total, hlen = struct.unpack(">II", b[i:i + 8])
        if zlib.crc32(b[i:i + 8]) != struct.unpack(">I", b[i + 8:i + 12])[0]:
            raise ValueError("prelude CRC")
        if zlib.crc32(b[i:i + total - 4]) != struct.unpack(">I", b[i + total - 4:i + total])[0]:
            raise ValueError("message CRC")
        h, j, headers = b[i + 12:i + 12 + hlen], 0, {}
        while j < len(h):
            n = h[j]
            name = h[j + 1:j + 1 + n].decode()
            j += 1 + n
            typ = h[j]
            j += 1
            if typ != 7:
                raise ValueError("header type %d" % typ)
            ln = struct.unpack(">H", h[j:j + 2])[0]
            headers[name] = h[j + 2:j + 2 + ln].decode()
            j += 2 + ln
        out.append((headers, b[i + 12 + hlen:i + total - 4]))
        i += total
    return out


def main():
    rows = []
    for name, k, it in yaml_interactions():
        body = ((it.get("response") or {}).get("body") or {})
        body = body.get("string") if isinstance(body, dict) else body
        if not isinstance(body, bytes) or len(body) < 16:
            continue
        if zlib.crc32(body[:8]) != struct.unpack(">I", body[8:12])[0]:
            continue
        types = []
        for headers, payload in messages(body):
            t = headers.get(":event-type") or headers.get(":exception-type")
            if t == "chunk":
                try:
                    inner = json.loads(base64.b64decode(json.loads(payload)["bytes"]))
                    t += ":" + str(inner.get("type", "")) if isinstance(inner, dict) else ":"
                except ValueError:
                    t += ":?"
            types.append(t)
        rows.append("%s\t%d\t%d\t%s" % (name, k, len(types), ",".join(types)))
    with open(os.path.join(HERE, "eventstreams.tsv"), "w") as f:
        f.write("file\tinteraction\tmessages\ttypes\n")
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
