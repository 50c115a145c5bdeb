import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * Password strength, judged on the server by zxcvbn (the estimator Dropbox built): it catches
 * dictionary words, names, keyboard walks and the account's own name and email, which a
 * "one digit, one capital" rule does not. Kept out of the browser bundle: its word lists are large.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;

/** Built on the first password checked: its word lists take ~0.4 s to load, not worth a slower start. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  );
  return estimator;
}

/** zxcvbn scores 0–4; 3 means "safely unguessable: moderate protection from offline attacks". */
export const minimumPasswordScore = 3;

/** Why a password is too weak, in words a person can act on, or null when it is strong enough. */
export async function passwordWeakness(
  password: string,
  personalWords: string[] = [],
): Promise<string | null> {
  const result = (await loadEstimator()).check(
    password.slice(0, 128),
    personalWords.filter(Boolean),
  );
  if (result.score >= minimumPasswordScore) return null;
  const hint = result.feedback.warning ?? result.feedback.suggestions[0];
  const advice = "Add more words or characters that aren't easy to guess.";
  return hint
    ? `This password is easy to guess. ${hint} ${advice}`
    : `This password is easy to guess. ${advice}`;
}
