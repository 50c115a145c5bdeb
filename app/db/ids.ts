import { randomBytes } from "node:crypto";

/**
 * Readable, prefixed identifiers for records whose id is not a secret (`biz_…`, `prd_…`).
 * 80 random bits in Crockford-style base32 keep them short and collision-free in practice.
 * Anything that grants access uses `secretToken` instead.
 */
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export type IdPrefix =
  | "fls"
  | "dsl"
  | "flh"
  | "cat"
  | "biz"
  | "prd"
  | "col"
  | "img"
  | "usr"
  | "ses"
  | "acc"
  | "vrf"
  | "adr"
  | "aud"
  | "eml"
  | "prt"
  | "chk"
  | "ord"
  | "pay"
  | "rfd"
  | "ivt"
  | "vof"
  | "vch"
  | "vrd"
  | "vgf"
  | "pte"
  | "cki"
  | "lrg"
  | "rev"
  | "rvi"
  | "rvf"
  | "rwd"
  | "rwc"
  | "rdm"
  | "inv"
  | "plk";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base32(randomBytes(10))}`;
}

/** 128 bits of randomness, for links and codes that grant something. */
export function secretToken(): string {
  return base32(randomBytes(16));
}
