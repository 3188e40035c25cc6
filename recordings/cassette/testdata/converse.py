#!/usr/bin/env python3
"""Writes converse.tsv: the answers of the Amazon Bedrock Converse calls
in recordings/testdata/cassettes, read with PyYAML and CPython's json (a
converse-stream's events with eventstreams.py's reader), independently of
package recordings: per interaction its stopReason, the names of the
tools it calls, and its text blocks joined (a stream's text deltas,
joined per block, then the blocks), JSON-quoted.
Run from this folder: python3 converse.py
"""
import json, os
from eventstreams import messages
from oracle import HERE, yaml_interactions


def main():
    rows = []
    for name, k, it in yaml_interactions():
        uri = (it.get("request") or {}).get("uri", "")
        if not (uri.endswith("/converse") or uri.endswith("/converse-stream")):
            continue
        resp = it["response"]
        body = resp.get("parsed_body")
        if body is None:
            raw = resp["body"]["string"] if isinstance(resp["body"], dict) else resp["body"]
            if isinstance(raw, bytes) and uri.endswith("/converse-stream"):
                blocks, stop, tools = {}, "", []
                for headers, payload in messages(raw):
                    ev = json.loads(payload)
                    t = headers[":event-type"]
                    if t == "contentBlockStart" and "toolUse" in ev.get("start", {}):
                        tools.append(ev["start"]["toolUse"]["name"])
                    if t == "contentBlockDelta" and "text" in ev["delta"]:
                        blocks[ev["contentBlockIndex"]] = blocks.get(ev["contentBlockIndex"], "") + ev["delta"]["text"]
                    if t == "messageStop":
                        stop = ev["stopReason"]
                rows.append("%s\t%d\t%s\t%s\t%s" % (name, k, stop, ",".join(tools),
                                                   json.dumps("".join(blocks[i] for i in sorted(blocks)))))
                continue
            body = json.loads(raw)
        if resp["status"]["code"] >= 400 or "output" not in body:
            continue
        content = body["output"]["message"]["content"]
        text = "".join(b["text"] for b in content if "text" in b)
        tools = [b["toolUse"]["name"] for b in content if "toolUse" in b]
        rows.append("%s\t%d\t%s\t%s\t%s" % (name, k, body.get("stopReason", ""), ",".join(tools), json.dumps(text)))
    with open(os.path.join(HERE, "converse.tsv"), "w") as f:
        f.write("file\tinteraction\tstopReason\ttools\ttext\n")
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
