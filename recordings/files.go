package recordings

// Files and stores: what a test uploads for a model to read, and the
// stores it searches. OpenAI's files (/v1/files, …/{id}/content), vector
// stores (/v1/vector_stores, their files and file batches, a search)
// and containers (/v1/containers) of the code interpreter
// (platform.openai.com/docs/api-reference/files, /vector-stores,
// /containers); Gemini's files and file search stores (/v1beta/files,
// /upload/v1beta/files, /v1beta/fileSearchStores, an upload to one:
// ai.google.dev/api/files, /api/file-search/file-search-stores). Their
// responses are data (an object's id, size, status, a search's results),
// shown as recorded; a file's content as its text.
var filesProvider = provider{
	family: FamilyFiles, title: "Files and vector stores", calls: true,
	suffixes: []string{"/v1/files", "/v1/vector_stores", "/v1/containers", "/v1beta/files", "/v1beta/fileSearchStores"},
	within:   []string{"/v1/files/", "/v1/vector_stores/", "/v1/containers/", "/v1beta/files/", "/v1beta/fileSearchStores/"},
}
