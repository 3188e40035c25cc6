#!/usr/bin/env python3
"""Writes streams.tsv: the answer each Gemini generateContent, Ollama
chat/generate, Amazon Bedrock ConverseStream and Cohere chat stream of
recordings/testdata/recorders assembles to, folded here from each
provider's documentation, independently of package recordings. The
response bodies are read by recorders.py's readers; a body is a stream when
it is an AWS event stream (eventstreams.py's reader, its CRCs checked), a
JSON array, SSE data: lines, or JSON lines (two or more, or a vercel/ai
.chunks.txt file). Per stream: its API, finish reason, the names of the
tools it calls, and its text, JSON-quoted.

- Gemini (ai.google.dev/api/generate-content, streamGenerateContent: each
  chunk a GenerateContentResponse): the first candidate's text parts
  joined, thought parts (thought: true) apart; functionCall parts' names;
  the last finishReason sent.
- Ollama (github.com/ollama/ollama, docs/api.md, "Generate a chat
  completion" and "Generate a completion", streaming): message.content (or
  response) joined; message.tool_calls' function names; the done_reason of
  the chunk with done: true.
- Bedrock (docs.aws.amazon.com/bedrock/latest/APIReference/
  API_runtime_ConverseStream.html): contentBlockDelta's delta.text joined
  per block, the blocks in index order; contentBlockStart's toolUse names;
  messageStop's stopReason.
- Cohere (docs.cohere.com/v2/docs/streaming and
  docs.cohere.com/v2/docs/tool-use-streaming, /v2/chat): content-delta's
  delta.message.content.text joined, the blocks in index order (thinking
  deltas, which carry "thinking", apart); tool-call-start's
  delta.message.tool_calls.function.name; message-end's
  delta.finish_reason.

Run from this folder: python3 streams.py
"""
import csv, json, os, struct, zlib
from eventstreams import messages
from recorders import READERS, RECORDERS, httpmock
from oracle import HERE


def chunks(body, name):
    """The stream's chunks as JSON values, or None when body is none."""
    if body is None:
        return None
    if len(body) >= 16 and zlib.crc32(body[:8]) == struct.unpack(">I", body[8:12])[0]:
        return [{h[":event-type"]: json.loads(p)} for h, p in messages(body)]
    try:
        text = body.decode("utf-8").strip()
    except ValueError:
        return None  # bytes that are no text: audio, an image
    try:
        whole = json.loads(text)
        if isinstance(whole, list):
            return whole
        if not name.endswith(".chunks.txt"):
            return None
    except ValueError:
        pass
    lines = [l.strip() for l in text.split("\n")]
    try:
        if any(l.startswith("data:") for l in lines):
            datas = [l[5:].strip() for l in lines if l.startswith("data:")]
            return [json.loads(d) for d in datas if d != "[DONE]"]
        lines = [l for l in lines if l]
        if len(lines) >= 2 or name.endswith(".chunks.txt"):
            return [json.loads(l) for l in lines]
    except ValueError:
        pass
    return None


def api(uri, cs):
    path = uri.split("?")[0]
    if path.endswith(":streamGenerateContent") or not uri and "candidates" in cs[0]:
        return "gemini"
    if path.endswith("/api/chat") or path.endswith("/api/generate"):
        return "ollama"
    if path.endswith("/converse-stream") or not uri and any(
            set(c) <= {"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata"}
            for c in cs):
        return "bedrock"
    if path.endswith("/v2/chat") or not uri and cs[0].get("type") == "message-start":
        return "cohere"
    return None


def gemini(cs):
    text, tools, finish = "", [], ""
    for c in cs:
        cands = c.get("candidates") or []
        if not cands:
            continue
        for p in (cands[0].get("content") or {}).get("parts") or []:
            if "text" in p and not p.get("thought"):
                text += p["text"]
            if "name" in p.get("functionCall", {}):  # not a call's continuation (partialArgs)
                tools.append(p["functionCall"]["name"])
        if cands[0].get("finishReason"):
            finish = cands[0]["finishReason"]
    return str(finish), tools, text


def ollama(cs):
    text, tools, finish = "", [], ""
    for c in cs:
        m = c.get("message") or {}
        text += m.get("content") or c.get("response") or ""
        tools += [t["function"]["name"] for t in m.get("tool_calls") or []]
        if c.get("done"):
            finish = c.get("done_reason") or ""
    return finish, tools, text


def bedrock(cs):
    blocks, tools, stop = {}, [], ""
    for c in cs:
        (t, ev), = c.items()
        if t == "contentBlockStart" and "toolUse" in ev.get("start", {}):
            tools.append(ev["start"]["toolUse"]["name"])
        if t == "contentBlockDelta" and "text" in ev["delta"]:
            blocks[ev["contentBlockIndex"]] = blocks.get(ev["contentBlockIndex"], "") + ev["delta"]["text"]
        if t == "messageStop":
            stop = ev["stopReason"]
    return stop, tools, "".join(blocks[i] for i in sorted(blocks))


def cohere(cs):
    blocks, tools, finish = {}, [], ""
    for c in cs:
        t, m = c.get("type"), ((c.get("delta") or {}).get("message") or {})
        if t == "content-delta" and "text" in (m.get("content") or {}):
            blocks[c["index"]] = blocks.get(c["index"], "") + m["content"]["text"]
        if t == "tool-call-start":
            tools.append(m["tool_calls"]["function"]["name"])
        if t == "message-end":
            finish = c["delta"].get("finish_reason") or ""
    return finish, tools, "".join(blocks[i] for i in sorted(blocks))


def main():
    rows = []
    with open(os.path.join(RECORDERS, "MANIFEST.tsv"), encoding="utf-8") as f:
        for m in csv.DictReader(f, delimiter="\t"):
            read = READERS[m["format"]]
            args = [m["source_path"]] if read is httpmock else []
            for k, (_, uri, _, _, resp) in enumerate(read(os.path.join(RECORDERS, m["file"]), *args)):
                cs = chunks(resp[1] if resp and resp[0] == "bytes" else None, m["file"])
                a = cs and api(uri, cs)
                if not a:
                    continue
                finish, tools, text = {"gemini": gemini, "ollama": ollama, "bedrock": bedrock, "cohere": cohere}[a](cs)
                rows.append("\t".join([m["file"], str(k + 1), a, finish, ",".join(tools), json.dumps(text)]))
    with open(os.path.join(HERE, "streams.tsv"), "w", encoding="utf-8") as w:
        w.write("file\tinteraction\tapi\tfinish\ttools\ttext\n")
        w.write("\n".join(rows) + "\n")
    print(len(rows), "streams")


if __name__ == "__main__":
    main()
