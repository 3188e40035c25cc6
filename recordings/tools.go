package recordings

import "github.com/valyala/fastjson"

// The families of the recorder's calls that are no HTTP API: tool runtime
// invocations and file processor calls, each named by its request shape
// alone. Their responses are shown as recorded.

var toolCallProvider = provider{family: FamilyTool, title: "Tool invocation", shape: ShapeTool, request: toolRequest}

// toolRequest reads a tool's kwargs as its params, each as recorded:
// none of them is a turn.
func toolRequest(body *fastjson.Value) Conversation { return Conversation{Params: params(body)} }

var fileProcessorProvider = provider{family: FamilyFileProcessor, title: "File processor", shape: ShapeFileProcessor}
