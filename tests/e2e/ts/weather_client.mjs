// The official TypeScript SDK client against the weather demo over stdio.
// Usage: node weather_client.mjs <python> <repo-root>
// Prints one JSON object: what each kind of client received.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";

const [python, repo] = process.argv.slice(2);
const EXTENSION = "io.modelcontextprotocol/content-negotiation";
const CLIENTS = {
  agent: ["agent", "mcp-capable", "!interactive", "format=json"],
  human: ["human", "interactive", "format=markdown"],
  legacy: null,
};
const VALLEY = "map://features/alpine-valley-1";

async function session(features) {
  const capabilities = features === null
    ? {}
    : { extensions: { [EXTENSION]: { version: "1.0", features } } };
  const client = new Client({ name: "ts-e2e", version: "1.0.0" }, { capabilities });
  const transport = new StdioClientTransport({
    command: python,
    args: ["-m", "demos.weather", "--transport", "stdio"],
    cwd: repo,
    env: { ...process.env, PYTHONPATH: repo },
    stderr: "ignore",
  });
  await client.connect(transport);
  // The SDK's schemas drop members they do not know; keep the wire messages too.
  const wire = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message) => { wire.push(message); deliver?.(message); };
  try {
    return {
      wire: () => wire,
      serverExtensions: client.getServerCapabilities()?.extensions ?? null,
      call: await client.callTool({ name: "get_weather", arguments: { location: "Bern" } }),
      read: await client.readResource({ uri: VALLEY }),
      metadata: await client.request({ method: "resources/metadata", params: { uri: VALLEY } }, ResultSchema.passthrough()),
      protocolVersion: transport.protocolVersion ?? null,
    };
  } finally {
    await client.close();
  }
}

const out = {};
for (const [name, features] of Object.entries(CLIENTS)) {
  const got = await session(features);
  got.wireRead = got.wire().find((message) => message.result?.contents)?.result ?? null;
  delete got.wire;
  out[name] = got;
}
process.stdout.write(JSON.stringify(out));
