import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import { expect, test } from "./fixtures.ts";

/**
 * A graceful stop (issue 18, item 4) on a server of its own: SIGTERM while 50 requests are in
 * flight lets every one of them finish, refuses new connections, and exits 0. "In flight" is
 * made real by the clients: each sends its headers and half its form, the signal comes, then
 * each sends the rest.
 */
const port = Number(process.env.E2E_SHUTDOWN_PORT ?? 3661);
const baseURL = `http://localhost:${port}`;
const dataDir = `.e2e-shutdown-${port}`;

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_SECONDS: "60",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 170_000,
        intervals: [1_000],
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** A sign-in post whose body arrives in two halves; resolves with the whole answer. */
function slowPost() {
  const body = Buffer.from("email=nobody%40example.com&password=not-the-password-at-all");
  const half = Math.floor(body.length / 2);
  const request = http.request(`${baseURL}/Login`, {
    method: "POST",
    agent: false,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(body.length),
      Origin: baseURL,
    },
  });
  const answered = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    request.on("response", (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  request.write(body.subarray(0, half));
  return { answered, finish: () => request.end(body.subarray(half)) };
}

test("SIGTERM during 50 requests in flight lets all 50 finish, refuses new connections and exits 0", async () => {
  const running = server as ChildProcess;
  const exited = new Promise<number | null>((resolve) => running.once("exit", resolve));
  const posts = Array.from({ length: 50 }, slowPost);
  // Every request has reached the server and waits for the rest of its body.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  running.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));

  await expect(fetch(`${baseURL}/healthz`)).rejects.toThrow();
  expect(running.exitCode, "still running while requests are in flight").toBeNull();

  for (const post of posts) post.finish();
  const answers = await Promise.all(posts.map((post) => post.answered));
  for (const answer of answers) {
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    expect(answer.bytes).toBeGreaterThan(0);
  }
  expect(await exited).toBe(0);
});
