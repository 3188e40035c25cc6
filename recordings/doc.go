// Package recordings reads LLM API recordings: the JSON fixtures that the
// ogx (formerly llama-stack) test recorder, src/ogx/testing/api_recorder.py,
// writes for its integration tests.
//
// A recording is one JSON object:
//
//	{
//	  "test_id": "tests/integration/x/test_y.py::test_z[params]",  // string, null or absent
//	  "request": {...},
//	  "response": {"body": ..., "is_streaming": bool, ...},
//	  "id_normalization_mapping": {}
//	}
//
// The request takes one of four shapes (see Shape): an inference call
// {method, url, headers, body, endpoint, model}; a tool call {test_id,
// provider, tool_name, kwargs}; a raw HTTP call {test_id, url, method,
// payload}; a file processor call {test_id, provider, api, file_id}.
//
// The response body is a {"__type__": "<python type>", "__data__": {...}}
// object, a list of them (a stream, with is_streaming true, or a models
// list), plain objects or lists of them (Google genai), a list of SSE text
// lines ("event: x", "data: {...}", "") for Anthropic and Gemini
// interactions streams, or null with is_exception, exception_data and
// exception_message. Raw HTTP recordings also carry response.status.
//
// Parse decodes a file into a Recording and classifies it (Family) by its
// endpoint, falling back on the data's own shape; "__type__" names are a
// hint only, since they drift across package renames. Assemble folds a
// stream into the response the provider's SDK would build; a Stepper
// replays a stream chunk by chunk. Conversation and ReadAnswer read a
// request and a response for people. The request hash that names the
// file is package reqhash's, permalinks package permalink's.
//
// JSON values are github.com/valyala/fastjson values, which keep object
// keys in order and numbers as written. Errors are *ParseError values
// wrapping the sentinels of this package; no input makes the package
// panic.
package recordings
