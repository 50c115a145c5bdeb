import { seedCities } from "#app/seed/demo.server.ts";
import { type CategoryVocabulary, vocabularies } from "#app/seed/vocabulary.ts";

/**
 * Search terms for the search and HTTP benches (issue 17), built from the benchmark seed's own
 * vocabulary (app/seed/vocabulary.ts) so they hit the seeded catalogue the way shoppers would:
 *
 * - common: one word many product names share ("jollof", "ankara", "massage");
 * - broad: a short general word that matches a large part of a category ("rice", "hair", "oil");
 * - prefix: the first letters of a common word, as typed into the search box (autocomplete);
 * - misspelling: a common word as people mistype it ("jolof", "moisturizer", "agbda");
 * - multi-word: a style and an item, an item and its side, a brand and an item, an item and a city
 *   (a product's document has its seller's city; areas are the business's, not the product's);
 * - brand: an invented maker from the vocabulary;
 * - no-result: words no name in the seed has, to time the "nothing found" path (typo fallbacks).
 *
 * The list is the same on every run: it is derived from the vocabulary in order, without
 * randomness, so a change in the numbers is a change in the code or data, not in the questions.
 */
export type TermClass =
  | "common"
  | "broad"
  | "prefix"
  | "misspelling"
  | "multi-word"
  | "brand"
  | "no-result";

export interface SearchTerm {
  text: string;
  class: TermClass;
}

const lower = (text: string) => text.toLowerCase();

/** Each vocabulary's list, every `step`-th entry from `offset`: a spread without randomness. */
function every<T>(items: readonly T[], step: number, offset = 0): T[] {
  return items.filter((_, index) => index % step === offset % step);
}

/** The last word of an item ("Jollof Rice" → "rice"), the word shoppers type most. */
const headWord = (name: string) => lower(name.split(" ").at(-1) ?? name);

// biome-ignore format: a list of words
const broadWords = [
  "rice", "hair", "oil", "dress", "shoes", "soup", "massage", "spa", "gym", "phone", "wig", "braids",
  "cream", "bag", "set", "pack", "fresh", "class", "drink", "beans",
];

// How people mistype the seed's words: dropped and doubled letters, swapped letters, spelling
// the way they say it, and American spellings of British words.
// biome-ignore format: pairs read best packed
const knownMisspellings: Array<[typo: string, meant: string]> = [
  ["jolof", "jollof"], ["jellof", "jollof"], ["ankra", "ankara"], ["agbda", "agbada"], ["agbadah", "agbada"],
  ["moisturizer", "moisturiser"], ["moisturser", "moisturiser"], ["egushi", "egusi"], ["suyah", "suya"],
  ["caftan", "kaftan"], ["plantian", "plantain"], ["plaintain", "plantain"], ["masage", "massage"],
  ["massge", "massage"], ["facail", "facial"], ["fashial", "facial"], ["briads", "braids"], ["notless", "knotless"],
  ["dashikki", "dashiki"], ["invertor", "inverter"], ["genarator", "generator"], ["airbuds", "earbuds"],
  ["peper soup", "pepper soup"], ["color", "colour"], ["perfum", "perfume"], ["sneekers", "sneakers"],
  ["shear butter", "shea butter"], ["blak soap", "black soap"], ["crayfsh", "crayfish"], ["ogbonno", "ogbono"],
  ["chapmann", "chapman"], ["nkobi", "nkwobi"], ["asoke", "aso oke"], ["adiree", "adire"], ["zoboo", "zobo"],
  ["stablizer", "stabiliser"], ["stabilizer", "stabiliser"], ["powerbank", "power bank"], ["sunscream", "sunscreen"],
  ["lipstik", "lipstick"], ["foundaton", "foundation"], ["kettel", "kettle"], ["blendar", "blender"],
  ["ewedo", "ewedu"], ["amalla", "amala"], ["garry", "garri"], ["semo vita", "semolina"], ["senetor", "senator"],
];

// Words no product, business or place in the seed has: the search must answer "nothing".
// biome-ignore format: a list of words
const noResultWords = [
  "snowboard", "kimchi", "glockenspiel", "trombone", "lobster bisque", "harpsichord", "tuxedo rental", "avalanche",
  "quokka", "zzqx", "violin strings", "bagpipes", "fondue", "ice skates", "caviar", "porcupine", "typewriter", "llama wool",
];

/**
 * The words most vocabulary entries (items, styles, sides, brands) share across all categories:
 * the words a search for one of them matches in many product names.
 */
function sharedWords(limit: number): string[] {
  const entries = vocabularies.flatMap((vocabulary) => [
    ...vocabulary.items.map((item) => item[0]),
    ...vocabulary.brands,
    ...Object.values(vocabulary.groups).flatMap((group) => [...group.styles, ...group.extras]),
  ]);
  const counts = new Map<string, number>();
  for (const entry of entries) {
    for (const word of new Set(lower(entry).match(/[a-z]{4,}/g) ?? [])) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([word]) => !["with", "free", "full", "home", "access", "service"].includes(word))
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([word]) => word);
}

/** Every term, in a fixed order, without repeats. */
export function searchTerms(): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const add = (text: string, termClass: TermClass) => {
    const key = lower(text).trim();
    if (key.length === 0 || seen.has(key)) return;
    seen.add(key);
    terms.push({ text: key, class: termClass });
  };

  for (const word of broadWords) add(word, "broad");
  for (const word of sharedWords(50)) add(word, "common");
  for (const vocabulary of vocabularies) {
    // Whole item names of one or two words: "jollof rice", "agbada", "power bank".
    const short = vocabulary.items.filter((item) => item[0].split(" ").length <= 2);
    for (const item of every(short, 3)) add(item[0], "common");
  }

  const common = terms.filter((term) => term.class === "common" && !term.text.includes(" "));
  for (const { text } of every(common, 3)) if (text.length >= 5) add(text.slice(0, 3), "prefix");

  for (const [typo] of knownMisspellings) add(typo, "misspelling");

  for (const vocabulary of vocabularies) {
    for (const phrase of multiWord(vocabulary)) add(phrase, "multi-word");
    for (const brand of every(vocabulary.brands, 3)) add(brand, "brand");
  }
  for (const word of noResultWords) add(word, "no-result");
  return terms;
}

/** Phrases of two to four words as shoppers type them, from one category's vocabulary. */
function multiWord(vocabulary: CategoryVocabulary): string[] {
  const phrases: string[] = [];
  vocabulary.items.forEach(([name, , , groupName], index) => {
    const group = vocabulary.groups[groupName];
    if (!group || index % 3 !== 0) return;
    const style = group.styles[index % group.styles.length];
    const extra = group.extras[index % Math.max(1, group.extras.length)];
    if (index % 6 === 0 && style) phrases.push(`${style} ${name}`);
    else if (index % 6 === 3 && extra) phrases.push(`${name} with ${extra}`);
    const city = seedCities[(index / 9) % seedCities.length]?.name;
    if (index % 9 === 0 && city) phrases.push(`${name} ${city}`);
  });
  const brand = vocabulary.brands[0];
  const item = vocabulary.items[1];
  if (brand && item) phrases.push(`${brand} ${headWord(item[0])}`);
  return phrases;
}
