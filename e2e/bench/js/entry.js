// The JavaScript baseline of make bench (e2e/bench_test.go): a recording
// file decoded with JSON.parse and its stream accumulated by the openai
// package's ChatCompletionStream, the SDK's own chat-completion
// accumulation. The chunks reach it through a stand-in client whose
// create() yields the parsed chunks, as the SDK's stream would.
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';

window.jsAssemble = async function (text) {
  const rec = JSON.parse(text);
  const chunks = rec.response.body.map((c) => c.__data__);
  const client = {
    chat: {
      completions: {
        create: () =>
          Promise.resolve({
            controller: new AbortController(),
            async *[Symbol.asyncIterator]() {
              yield* chunks;
            },
          }),
      },
    },
  };
  const runner = ChatCompletionStream.createChatCompletion(client, { model: rec.request.body.model, messages: [] });
  const done = await runner.finalChatCompletion();
  return done.choices[0].message.content || '';
};
