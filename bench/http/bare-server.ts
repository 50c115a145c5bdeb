import { readFileSync } from "node:fs";
import http from "node:http";

/**
 * The yardstick for /{id}: a bare node:http server answering every request with one recorded
 * response (status, headers, body bytes as the app sent them). Run as its own process, like the
 * app, by bench/http/run.ts: node bench/http/bare-server.ts <recorded.json> <port>
 */
const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file as string, "utf8")) as {
  status: number;
  rawHeaders: string[];
  body: string;
};
const body = Buffer.from(recorded.body, "base64");
// Framing and connection headers are the server's own business; everything else is replayed.
const own = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);
const headers: string[] = [];
for (let i = 0; i < recorded.rawHeaders.length; i += 2) {
  const name = recorded.rawHeaders[i] as string;
  if (!own.has(name.toLowerCase())) headers.push(name, recorded.rawHeaders[i + 1] as string);
}
headers.push("Content-Length", String(body.length));

http
  .createServer((_request, response) => {
    response.writeHead(recorded.status, headers);
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
