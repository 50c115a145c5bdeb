/*
 * The characters Oja refuses, in one place (issue 16). No zod here: the browser's pages import
 * these checks, and zod (~20 KB gzipped) stays with the schemas (text-fields.ts) the server and
 * the forms' submit handlers use (decision 015). Controls are what no keyboard types: C0
 * and DEL, and C1. Bidirectional embeddings, overrides and isolates make text display in another
 * order than it is stored (a business named with U+202E shows shoppers another name than the one
 * on record).
 */

/** Anywhere in an address (path or query): C0 controls and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const controlInAddress = /[\u0000-\u001f\u007f]/;
/** In any form field, JSON string or query value: the same, less tab, line feed and return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const controlInField = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** In a one-line name, address or slug: every control, line breaks too, and bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const hiddenCharacters = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** In a text area: the same, less the tabs and line breaks that are its own. */
const hiddenInParagraph =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The rule for every one-line name and address people type (issue 16): no angle brackets, which
 * read as markup in emails and exports, and no hidden characters. Undefined when the text is fine.
 */
export function plainLineProblem(value: string, hidden = hiddenCharacters): string | undefined {
  if (/[<>]/.test(value)) return "Leave out < and >";
  if (hidden.test(value)) {
    return "Leave out hidden characters, such as line breaks or text-direction marks";
  }
  return undefined;
}

/** The same rule for a text area (notes): line breaks and tabs are its own there. */
export function plainParagraphProblem(value: string): string | undefined {
  return plainLineProblem(value, hiddenInParagraph);
}

/**
 * JSON.parse for JSON that arrived in a form or query field: a string holding a control
 * character (`"\u0000"`, which the address check can't see inside the escape) is a SyntaxError
 * like any other unreadable JSON, so it never reaches a query.
 */
export function readJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (
      hiddenInParagraph.test(key) ||
      (typeof value === "string" && hiddenInParagraph.test(value))
    ) {
      throw new SyntaxError("JSON text holds a control character");
    }
    return value;
  });
}
