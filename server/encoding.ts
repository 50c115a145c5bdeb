/**
 * The content codings Oja stores its cached pages and built assets in, best first. Both are
 * compressed ahead of time (pages when rendered, assets when built), so choosing one per
 * request costs a header parse, never a compression.
 */
export type Encoding = "br" | "gzip" | "identity";

/**
 * The coding to send for an `Accept-Encoding` header: the one with the highest q-value among
 * br and gzip (`*` stands for any not named), br on a tie; identity when neither is acceptable.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.split(";");
    const name = token.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") q = Number(value?.trim()) || 0;
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "*") any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return "br";
  if (gzipQ > 0) return "gzip";
  return "identity";
}

/** Whether an `If-None-Match` header names this strong ETag (weakly compared, as for GET). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
