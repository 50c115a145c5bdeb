import type { EmailMessage } from "../email/outbox.server.ts";
import { renderEmail } from "../email/render.ts";

/** The account emails, written once: what each says and where its button leads. */
interface Person {
  name: string;
  email: string;
}

/** A link into Oja carrying a single-use token. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

export function verificationEmail(person: Person, url: string): EmailMessage {
  return {
    to: person.email,
    kind: "verify-email",
    subject: "Confirm your email for Oja",
    ...renderEmail({
      heading: "Confirm your email",
      paragraphs: [
        `Welcome to Oja, ${person.name}. Confirm that this is your email address, so you can list a business and we can reach you about your orders.`,
        "The link works for 24 hours.",
      ],
      action: { label: "Confirm my email", url },
    }),
  };
}

/**
 * Sent instead of a new account when someone signs up with this email: the sign-up page answers
 * as for a new account, so only the owner learns that the email is taken (decision 031).
 */
export function existingAccountEmail(person: Person, publicUrl: string): EmailMessage {
  return {
    to: person.email,
    kind: "existing-account",
    subject: "Someone tried to create an Oja account with your email",
    ...renderEmail({
      heading: "You already have an account",
      paragraphs: [
        `Hello ${person.name}, someone just tried to create an Oja account with this email, which already has one.`,
        `If it was you, sign in at ${publicUrl}/Login, or reset your password if you've forgotten it. If it wasn't you, ignore this email: nothing has changed.`,
      ],
      action: { label: "Reset my password", url: `${publicUrl}/Login/forgot` },
    }),
  };
}

export function resetPasswordEmail(person: Person, url: string): EmailMessage {
  return {
    to: person.email,
    kind: "reset-password",
    subject: "Reset your Oja password",
    ...renderEmail({
      heading: "Reset your password",
      paragraphs: [
        `Hello ${person.name}, someone asked to reset the password of your Oja account.`,
        "The link works once, within one hour. If it wasn't you, ignore this email: your password stays as it is.",
      ],
      action: { label: "Choose a new password", url },
    }),
  };
}

/** Sent after a change (other devices signed out) or a reset (every device signed out). */
export function passwordChangedEmail(
  person: Person,
  how: "changed" | "reset",
  publicUrl: string,
): EmailMessage {
  const signedOut = how === "reset" ? "every device was" : "every other device was";
  return {
    to: person.email,
    kind: "password-changed",
    subject: "Your Oja password was changed",
    ...renderEmail({
      heading: "Your password was changed",
      paragraphs: [
        `Hello ${person.name}, the password of your Oja account was just ${how}, and ${signedOut} signed out.`,
        "If this wasn't you, reset your password now and tell us at support@oja.ng.",
      ],
      action: { label: "Reset my password", url: `${publicUrl}/Login/forgot` },
    }),
  };
}
