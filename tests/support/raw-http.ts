import http, { type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/**
 * A real HTTP server on a free port, and requests to it that see the bytes as sent: fetch would
 * undo a Content-Encoding, and the tests of pre-compressed responses need to see it.
 */
export async function listen(handler: RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    request: (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
      rawRequest(port, path, options),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: options.method ?? "GET",
          headers: options.headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end();
    },
  );
}

/** The body as the server meant it: brotli and gzip undone as its Content-Encoding says. */
export function decoded(response: { headers: IncomingHttpHeaders; body: Buffer }): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  return response.body;
}
