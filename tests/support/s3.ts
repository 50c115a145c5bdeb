import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed keys: it refuses any other access key id (403). */
export const s3rverKeys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/**
 * A real S3-compatible server in this process (s3rver, kept in a temporary folder) with one
 * empty bucket, and the settings that point Oja at it. Each test file passes its own port from
 * the range it may use.
 */
export async function startS3Server(options: { port: number; bucket: string }) {
  const directory = await mkdtemp(path.join(tmpdir(), "oja-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port,
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The environment that selects this bucket (readSettings' S3_* settings). */
    env: {
      S3_BUCKET: options.bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: s3rverKeys.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rverKeys.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
