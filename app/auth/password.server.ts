import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonWords } from "@zxcvbn-ts/language-common";
import { dictionary as englishWords, translations } from "@zxcvbn-ts/language-en";

/**
 * Password strength, judged on the server by zxcvbn (the estimator Dropbox built): it catches
 * dictionary words, names, keyboard walks and the account's own name and email, which a
 * "one digit, one capital" rule does not. Kept out of the browser bundle: its word lists are large.
 */
const estimator = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonWords, ...englishWords },
});

/** zxcvbn scores 0–4; 3 means "safely unguessable: moderate protection from offline attacks". */
export const minimumPasswordScore = 3;

/** Why a password is too weak, in words a person can act on, or null when it is strong enough. */
export function passwordWeakness(password: string, personalWords: string[] = []): string | null {
  const result = estimator.check(password.slice(0, 128), personalWords.filter(Boolean));
  if (result.score >= minimumPasswordScore) return null;
  const hint = result.feedback.warning ?? result.feedback.suggestions[0];
  const advice = "Add more words or characters that aren't easy to guess.";
  return hint
    ? `This password is easy to guess. ${hint} ${advice}`
    : `This password is easy to guess. ${advice}`;
}
