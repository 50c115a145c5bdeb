import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret that signs session cookies: AUTH_SECRET when set (required for several instances),
 * otherwise one made on first start and kept in DATA_DIR, so sessions survive a restart.
 */
export function resolveAuthSecret(settings: { authSecret?: string; dataDir: string }): string {
  if (settings.authSecret) return settings.authSecret;
  const file = path.join(settings.dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(settings.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process made it first: use theirs.
      return readFileSync(file, "utf8").trim();
    }
  }
}
