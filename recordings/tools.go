package recordings

// The families of the recorder's calls that are no HTTP API: tool runtime
// invocations and file processor calls, each named by its request shape
// alone. Their responses are shown as recorded.

var toolCallProvider = provider{family: FamilyTool, title: "Tool invocation", shape: ShapeTool}

var fileProcessorProvider = provider{family: FamilyFileProcessor, title: "File processor", shape: ShapeFileProcessor}
