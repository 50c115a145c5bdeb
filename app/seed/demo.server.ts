import { count, inArray, sql } from "drizzle-orm";
import { contrastWithWhite } from "#app/catalog/brand-color.ts";
import {
  businesses,
  categories,
  collectionProducts,
  collections,
  images,
  type OpeningHours,
  partnerships,
  productImages,
  products,
} from "#app/catalog/schema.server.ts";
import { slugify } from "#app/catalog/slugify.ts";
import { isReservedSlug } from "#app/catalog/slugs.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { deliveryAreas, deliverySettings } from "#app/delivery/schema.server.ts";
import type { MediaStore } from "#app/media/store.server.ts";
import { rewardCodes, rewards } from "#app/reward-shop/schema.server.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";

/**
 * Demo data for an empty database, and the generators the benchmark seed shares with it.
 * Everything is drawn from one seeded PRNG, so every run produces the same businesses, products
 * and pictures (only the ids differ).
 */

// ---------------------------------------------------------------------------------------------
// Randomness

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `n` distinct items in random order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: tiny, fast and good enough for made-up shops. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("cannot pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample, chance: (probability) => next() < probability };
}

// ---------------------------------------------------------------------------------------------
// Slugs

export { slugify };

/** The longest business slug the vendor console accepts (businessSlugSchema). */
export const maxSlugLength = 40;

/** Whole words of `slug` that fit in `room` characters. */
function clip(slug: string, room: number): string {
  if (slug.length <= room) return slug;
  let out = "";
  for (const word of slug.split("-")) {
    const longer = out ? `${out}-${word}` : word;
    if (longer.length > room) break;
    out = longer;
  }
  // "lion-heart-strength-and" reads as cut off; end on a real word.
  return out.replace(/(-(and|of|by|the|with))+$/, "") || slug.slice(0, room);
}

/**
 * `base`, else `base-<qualifier>`, else `…-2`, `…-3`: never reserved, at most 40 characters,
 * recorded in `used`.
 */
export function uniqueSlug(base: string, used: Set<string>, qualifier?: string): string {
  const stem = base || "item";
  const candidates = [clip(stem, maxSlugLength)];
  if (qualifier) {
    const tail = `-${slugify(qualifier)}`;
    candidates.push(`${clip(stem, maxSlugLength - tail.length)}${tail}`);
  }
  for (const candidate of candidates) {
    if (!used.has(candidate) && !isReservedSlug(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
  const last = candidates[candidates.length - 1] as string;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${clip(last, maxSlugLength - suffix.length)}${suffix}`;
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Brand colours

export { contrastWithWhite };

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A saturated, dark colour on which white text keeps a contrast of at least 4.5:1 (WCAG AA). */
export function generateBrandColor(random: Random): string {
  const hue = random.int(0, 359);
  const saturation = 0.45 + random.next() * 0.35;
  let lightness = 0.22 + random.next() * 0.14;
  let hex = hslToHex(hue, saturation, lightness);
  while (contrastWithWhite(hex) < 4.6) {
    lightness -= 0.02;
    hex = hslToHex(hue, saturation, lightness);
  }
  return hex;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 255) * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

// ---------------------------------------------------------------------------------------------
// Word lists

type SizeKind =
  | "none"
  | "clothing"
  | "shoes"
  | "drinks"
  | "service"
  | "short"
  | "length"
  | "wig"
  | "storage";

const sizeOptions: Record<SizeKind, string[]> = {
  none: [],
  clothing: ["S", "M", "L", "XL"],
  shoes: ["40", "41", "42", "43", "44", "45"],
  drinks: ["35cl", "50cl"],
  service: ["60 min", "90 min"],
  short: ["30 min", "60 min"],
  length: ["Shoulder length", "Mid-back", "Waist length"],
  wig: ["12 inch", "16 inch", "20 inch"],
  storage: ["128GB", "256GB"],
};

export interface ProductTemplate {
  name: string;
  /** Price range in whole naira. */
  naira: [number, number];
  sizes: SizeKind;
  /** The collection this product naturally belongs to. */
  group: string;
  tags: string[];
  blurb: string;
}

function p(
  name: string,
  min: number,
  max: number,
  group: string,
  sizes: SizeKind,
  tags: string[],
  blurb: string,
): ProductTemplate {
  return { name, naira: [min, max], sizes, group, tags, blurb };
}

type Hours = [string, string];

interface HoursStyle {
  weekdays: Hours;
  saturday: Hours;
  sunday: Hours | null;
  /** Chance that the business closes on Sunday even though the style has Sunday hours. */
  sundayClosedChance: number;
  mondayClosedChance: number;
}

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  /** `{word}`, `{given}`, `{her}`, `{him}` and `{surname}` are filled in. */
  nameTemplates: string[];
  words: string[];
  taglines: string[];
  intros: string[];
  details: string[];
  productLines: string[];
  hours: HoursStyle;
  products: ProductTemplate[];
}

const femaleNames = [
  "Adaeze",
  "Adunni",
  "Aisha",
  "Amaka",
  "Amina",
  "Bisi",
  "Chidinma",
  "Chioma",
  "Damilola",
  "Ebiere",
  "Efe",
  "Funke",
  "Halima",
  "Ifeoma",
  "Kemi",
  "Ngozi",
  "Nkechi",
  "Nneka",
  "Osas",
  "Sade",
  "Temi",
  "Titi",
  "Tolu",
  "Yetunde",
  "Zainab",
];

const maleNames = [
  "Bayo",
  "Chinedu",
  "Dayo",
  "Ebuka",
  "Emeka",
  "Femi",
  "Ibrahim",
  "Kunle",
  "Musa",
  "Obinna",
  "Osaro",
  "Segun",
  "Tamuno",
  "Tunde",
  "Uche",
  "Yusuf",
];

const surnames = [
  "Abubakar",
  "Adeyemi",
  "Akande",
  "Amadi",
  "Balogun",
  "Bello",
  "Danjuma",
  "Eze",
  "Ibekwe",
  "Igbinedion",
  "Lawal",
  "Nwosu",
  "Obi",
  "Ogunleye",
  "Okafor",
  "Okonkwo",
  "Olawale",
  "Osagie",
  "Suleiman",
  "Uzor",
];

export const seedCategories: CategorySeed[] = [
  {
    slug: "spas-wellness",
    name: "Spas & Wellness",
    description: "Massages, facials, saunas and full spa days to recharge.",
    nameTemplates: [
      "{word} Spa",
      "{word} Day Spa",
      "{word} Spa & Wellness",
      "{her}'s Wellness Lounge",
      "{word} Massage Studio",
      "The {word} Retreat",
    ],
    words: [
      "Serenity",
      "Oasis",
      "Alafia",
      "Omi",
      "Ewa",
      "Ivory",
      "Amani",
      "Tranquil",
      "Palm Grove",
      "Zuri",
      "Lotus",
      "Sapphire",
      "Olive",
      "Haven",
    ],
    taglines: [
      "Relax, restore, glow.",
      "Your hour of calm in the city.",
      "Where {city} comes to unwind.",
      "Massages and facials by certified therapists.",
      "Self-care, the Naija way.",
    ],
    intros: ["a calm day spa", "a boutique wellness spa", "a massage and facial studio"],
    details: [
      "Our therapists are trained in Swedish, deep-tissue and hot-stone techniques, and every treatment room has 24-hour power.",
      "We use locally made shea butter, black soap and essential oils in every treatment.",
      "Couples suites, a steam room and free parking make us a favourite for birthdays and anniversaries.",
      "Walk in stressed, walk out light: book online and pay with your card, transfer or reward points.",
    ],
    productLines: [
      "Arrive 15 minutes early to unwind with a cup of ginger tea at {business}.",
      "Performed by a certified therapist in a quiet, air-conditioned room.",
      "Fresh towels, robes and slippers provided, with generator backup so nothing is interrupted.",
    ],
    hours: {
      weekdays: ["09:00", "20:00"],
      saturday: ["09:00", "20:00"],
      sunday: ["12:00", "18:00"],
      sundayClosedChance: 0.3,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Swedish Massage", 18_000, 35_000, "Massages", "service", ["massage", "relaxation"], "Long, flowing strokes that melt away the week's tension and get your circulation going."),
      p("Deep Tissue Massage", 25_000, 45_000, "Massages", "service", ["massage", "muscle-relief"], "Firm, focused pressure for tight shoulders, backs and legs after long hours in traffic or at the desk."),
      p("Hot Stone Massage", 30_000, 55_000, "Massages", "service", ["massage", "hot-stone"], "Smooth heated basalt stones glide over the body to loosen stiff muscles and quiet the mind."),
      p("Aromatherapy Massage", 22_000, 40_000, "Massages", "service", ["massage", "aromatherapy"], "A gentle full-body massage with your choice of lemongrass, lavender or eucalyptus oil."),
      p("Prenatal Massage", 25_000, 40_000, "Massages", "service", ["massage", "pregnancy"], "Side-lying massage with extra cushions, safe from the second trimester, for swollen feet and sore backs."),
      p("Head, Neck & Shoulder Massage", 10_000, 18_000, "Massages", "short", ["massage", "express"], "A quick reset for desk-bound necks and shoulders, perfect for a lunch break."),
      p("Foot Reflexology", 10_000, 20_000, "Massages", "short", ["massage", "feet"], "Pressure-point foot massage that leaves tired feet feeling brand new."),
      p("Couples Massage", 60_000, 120_000, "Packages", "service", ["massage", "couples", "gift-idea"], "Side-by-side massages in our private couples' suite, with chilled zobo and fruit afterwards."),
      p("Signature Facial", 15_000, 40_000, "Facials", "service", ["facial", "skincare"], "Cleanse, exfoliate, extract and mask, tailored to your skin type by a licensed aesthetician."),
      p("Hydrating Facial", 18_000, 35_000, "Facials", "service", ["facial", "hydration"], "A moisture boost for skin dried out by the harmattan, finished with a soothing aloe mask."),
      p("Acne Clearing Facial", 20_000, 38_000, "Facials", "service", ["facial", "acne"], "Deep-pore cleansing and gentle extractions to calm breakouts without leaving dark marks."),
      p("Shea Butter Body Polish", 20_000, 35_000, "Body Treatments", "service", ["scrub", "shea-butter"], "Raw shea butter and brown-sugar scrub buff away dull skin and leave it soft and glowing."),
      p("Detox Body Wrap", 25_000, 45_000, "Body Treatments", "service", ["body-wrap", "detox"], "A warm clay and seaweed wrap that draws out impurities while you rest."),
      p("Moroccan Hammam", 35_000, 70_000, "Body Treatments", "service", ["hammam", "scrub"], "Steam, black soap and a full-body kessa scrub in the traditional Moroccan ritual."),
      p("Steam & Sauna Session", 8_000, 15_000, "Body Treatments", "short", ["sauna", "steam"], "Unlimited use of the steam room and sauna, with towels and chilled water."),
      p("Spa Manicure & Pedicure", 8_000, 18_000, "Body Treatments", "none", ["nails", "pedicure"], "Soak, scrub, cuticle care, massage and polish for hands and feet."),
      p("Half-Day Spa Package", 80_000, 180_000, "Packages", "none", ["package", "gift-idea"], "Massage, facial, body polish and a light lunch: four hours of pure pampering."),
      p("Bridal Glow Package", 90_000, 200_000, "Packages", "none", ["package", "bridal"], "A pre-wedding facial, body polish and massage so the bride glows on her big day."),
    ],
  },
  {
    slug: "salons-barbers",
    name: "Salons & Barbers",
    description: "Braids, wigs, silk presses, fresh cuts and gele for every occasion.",
    nameTemplates: [
      "{her}'s Hair Studio",
      "Braids by {her}",
      "{word} Hair Salon",
      "{word} Cuts Barbershop",
      "{word} Braids & Beauty",
      "House of {word}",
    ],
    words: [
      "Crown",
      "Glory",
      "Kinks",
      "Tresses",
      "Royal",
      "Sleek",
      "Halo",
      "Kings",
      "Queens",
      "Afro",
      "Ebony",
      "Coils",
    ],
    taglines: [
      "Slay every day.",
      "Neat braids, on time.",
      "Fresh cuts and flawless braids in {city}.",
      "Your crown, our craft.",
      "Hair that lasts, prices that make sense.",
    ],
    intros: [
      "a busy neighbourhood salon",
      "a modern hair studio",
      "a friendly barbershop and salon",
    ],
    details: [
      "Our stylists braid clean and fast, and we always start on time: no waiting from morning till night.",
      "We stock attachments, human-hair wigs and treatments, so you can buy everything on the day.",
      "Free Wi-Fi, cold drinks and a generator that never goes off while your hair is under the dryer.",
      "Walk-ins welcome on weekdays; book ahead for Saturdays, owambe season fills up fast.",
    ],
    productLines: [
      "Bring your own hair or buy attachments at {business} on the day.",
      "Book ahead for weekends: Saturday slots go quickly.",
      "Price includes wash and blow-dry unless stated otherwise.",
    ],
    hours: {
      weekdays: ["08:00", "19:00"],
      saturday: ["07:30", "20:00"],
      sunday: ["13:00", "18:00"],
      sundayClosedChance: 0.4,
      mondayClosedChance: 0.4,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Knotless Braids", 25_000, 60_000, "Braids & Twists", "length", ["braids", "protective-style"], "Lightweight, tension-free braids that start with your own hair and last up to eight weeks."),
      p("Box Braids", 20_000, 45_000, "Braids & Twists", "length", ["braids", "protective-style"], "Classic neat box braids in the size and colour of your choice."),
      p("Passion Twists", 25_000, 50_000, "Braids & Twists", "length", ["twists", "protective-style"], "Soft, boho twists with a curly finish, light on the scalp."),
      p("Ghana Weaving", 10_000, 25_000, "Braids & Twists", "none", ["cornrows", "braids"], "Sleek straight-back or patterned Ghana weaving, with or without extensions."),
      p("Shuku Cornrows", 8_000, 20_000, "Braids & Twists", "none", ["cornrows", "traditional"], "The timeless upswept Shuku style, neat and comfortable for the week."),
      p("Frontal Wig Installation", 15_000, 35_000, "Wigs", "service", ["wig", "frontal"], "Bleached knots, plucked hairline and a melted lace for a natural finish."),
      p("Wig Revamp", 8_000, 20_000, "Wigs", "none", ["wig", "revamp"], "Wash, condition, re-style and re-pluck your wig so it looks new again."),
      p("Bone-Straight Human Hair Wig", 150_000, 450_000, "Wigs", "wig", ["wig", "human-hair"], "100% human hair, double drawn, with a 13×4 lace frontal. Can be dyed and curled."),
      p("Silk Press", 12_000, 25_000, "Haircare", "service", ["natural-hair", "silk-press"], "Heat-protected silk press that leaves natural hair swinging and glossy."),
      p("Relaxer Retouch", 8_000, 15_000, "Haircare", "none", ["relaxer", "retouch"], "Gentle new-growth retouch with a protein treatment to keep ends strong."),
      p("Wash, Deep Condition & Steam", 6_000, 12_000, "Haircare", "service", ["treatment", "natural-hair"], "A moisture-rich steam treatment for dry, thirsty hair."),
      p("Hair Colour & Highlights", 15_000, 45_000, "Haircare", "service", ["colour", "highlights"], "From honey-blonde highlights to bold burgundy, with bond protection included."),
      p("Loc Retwist", 10_000, 25_000, "Haircare", "service", ["locs", "retwist"], "Palm-roll or interlock retwist with a nourishing oil finish."),
      p("Haircut & Beard Trim", 3_500, 10_000, "Barbering", "none", ["haircut", "men"], "A clean fade or low cut with a sharp beard line-up."),
      p("Kids' Haircut", 2_000, 5_000, "Barbering", "none", ["haircut", "kids"], "Patient, gentle cuts for little ones, with sterilised clippers every time."),
      p("Hot Towel Shave", 5_000, 12_000, "Barbering", "none", ["shave", "men"], "A classic straight-razor shave with hot towels and aftershave balm."),
      p("Bridal Hair & Gele", 40_000, 120_000, "Occasions", "none", ["bridal", "gele"], "Bridal styling plus a perfectly tied gele, with a trial session before the day."),
      p("Gele Tying", 5_000, 15_000, "Occasions", "none", ["gele", "owambe"], "Bring your gele and leave with a head-turning style for the party."),
    ],
  },
  {
    slug: "restaurants",
    name: "Restaurants & Food",
    description: "Jollof, swallow and soups, suya, small chops and party trays.",
    nameTemplates: [
      "Mama {her}'s Kitchen",
      "{word} Kitchen",
      "{word} Buka",
      "{word} Grill House",
      "{word} Suya Spot",
      "Iya {her} Amala Joint",
      "{word} Eatery",
    ],
    words: [
      "Calabash",
      "Pepper Pot",
      "Yellow Pepper",
      "Palmwine",
      "Ofada",
      "Coconut Grove",
      "Spice Route",
      "Eko",
      "Zobo",
      "Plantain",
      "Arewa",
      "Delta",
    ],
    taglines: [
      "Home-cooked taste, every single day.",
      "The jollof {city} talks about.",
      "Hot food, fast delivery.",
      "Real Naija food, made with love.",
      "Come hungry, leave happy.",
    ],
    intros: [
      "a much-loved local restaurant",
      "a busy buka and takeaway",
      "a family-run restaurant",
    ],
    details: [
      "Everything is cooked fresh each morning with ingredients from the market, and soups are made in small pots so they never sit too long.",
      "We cater for owambes, office lunches and birthdays, from 10 plates to 500.",
      "Dine in with air-conditioning and football on the big screen, or order for delivery across town.",
      "Our suya is grilled over charcoal every evening with our own yaji spice.",
    ],
    productLines: [
      "Cooked fresh every day in the {business} kitchen and packed hot for pickup or delivery.",
      "Available for dine-in, takeaway and delivery within {city}.",
      "Generous portions; add extra protein or plantain at the counter.",
    ],
    hours: {
      weekdays: ["10:00", "22:00"],
      saturday: ["10:00", "23:00"],
      sunday: ["12:00", "22:00"],
      sundayClosedChance: 0.1,
      mondayClosedChance: 0.1,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Jollof Rice & Chicken", 3_500, 8_500, "Rice Dishes", "none", ["jollof", "rice", "chicken"], "Smoky party jollof with fried or grilled chicken, plantain and coleslaw."),
      p("Fried Rice & Turkey", 4_500, 9_500, "Rice Dishes", "none", ["fried-rice", "turkey"], "Nigerian fried rice loaded with liver, vegetables and a peppered turkey wing."),
      p("Ofada Rice & Ayamase", 4_000, 9_000, "Rice Dishes", "none", ["ofada", "rice", "spicy"], "Local ofada rice with green pepper ayamase stew, assorted meat and boiled egg."),
      p("Coconut Rice & Fish", 4_000, 9_000, "Rice Dishes", "none", ["rice", "fish"], "Fragrant coconut rice with peppered croaker fish."),
      p("Party Jollof Tray", 45_000, 120_000, "Rice Dishes", "none", ["party", "jollof", "catering"], "A full tray of firewood jollof that serves ten, with chicken and moi moi."),
      p("Pounded Yam & Egusi", 4_500, 9_500, "Swallow & Soups", "none", ["swallow", "egusi"], "Smooth pounded yam with rich egusi soup, stockfish and assorted meat."),
      p("Amala, Ewedu & Gbegiri", 3_500, 7_500, "Swallow & Soups", "none", ["swallow", "amala"], "Soft amala with ewedu, gbegiri and a ladle of buka stew."),
      p("Eba & Efo Riro", 3_500, 7_000, "Swallow & Soups", "none", ["swallow", "efo-riro"], "Yellow garri eba with efo riro cooked in palm oil with iru and smoked fish."),
      p("Banga Soup & Starch", 5_000, 10_000, "Swallow & Soups", "none", ["swallow", "banga"], "Delta-style palm-fruit banga soup with fresh fish and starch."),
      p("Tuwo Shinkafa & Miyan Kuka", 3_000, 6_500, "Swallow & Soups", "none", ["swallow", "northern"], "Soft rice tuwo with baobab-leaf miyan kuka and beef."),
      p("Goat Meat Pepper Soup", 4_000, 8_000, "Swallow & Soups", "none", ["pepper-soup", "goat-meat"], "Hot, peppery broth with tender goat meat and uziza, good for cold evenings."),
      p("Catfish Pepper Soup", 6_000, 12_000, "Swallow & Soups", "none", ["pepper-soup", "catfish"], "Point-and-kill catfish in a spicy, aromatic broth."),
      p("Suya Platter", 5_000, 15_000, "Grills & Small Chops", "none", ["suya", "grill"], "Thin-sliced beef suya with yaji, onions, tomatoes and cabbage."),
      p("Asun", 5_000, 12_000, "Grills & Small Chops", "none", ["grill", "goat-meat", "spicy"], "Smoky, spicy grilled goat meat tossed with peppers and onions."),
      p("Nkwobi", 6_000, 12_000, "Grills & Small Chops", "none", ["nkwobi", "igbo"], "Cow foot in a spicy palm-oil and utazi sauce, served in a wooden bowl."),
      p("Small Chops Platter", 10_000, 35_000, "Grills & Small Chops", "none", ["small-chops", "party"], "Puff-puff, samosa, spring rolls, gizdodo and peppered chicken."),
      p("Moi Moi", 1_500, 3_500, "Grills & Small Chops", "none", ["moi-moi", "beans"], "Steamed bean pudding with egg and fish, wrapped in leaves."),
      p("Chapman", 2_000, 4_500, "Drinks", "drinks", ["drinks", "chapman"], "Our house Chapman with cucumber, orange and a dash of bitters."),
      p("Zobo", 1_500, 3_000, "Drinks", "drinks", ["drinks", "zobo"], "Chilled hibiscus drink with ginger, pineapple and cloves."),
      p("Fresh Palm Wine", 2_000, 4_000, "Drinks", "drinks", ["drinks", "palm-wine"], "Sweet, fresh palm wine tapped this morning."),
      p("Kunu Aya", 1_500, 3_500, "Drinks", "drinks", ["drinks", "tiger-nut"], "Creamy tiger-nut milk with dates and coconut, no added sugar."),
    ],
  },
  {
    slug: "fitness",
    name: "Fitness & Gyms",
    description: "Gyms, classes, personal trainers and yoga studios.",
    nameTemplates: [
      "{word} Fitness",
      "{word} Gym",
      "{word} Fit Club",
      "{word} Strength & Conditioning",
      "{word} Yoga Studio",
      "Body by {given}",
    ],
    words: [
      "Iron House",
      "Pulse",
      "Eko",
      "Flex",
      "Core",
      "Titan",
      "Vibe",
      "Apex",
      "Sweat Box",
      "Motion",
      "Lion Heart",
      "Peak",
    ],
    taglines: [
      "Stronger every week.",
      "Train hard, stay cool: fully air-conditioned.",
      "{city}'s friendliest gym.",
      "Classes for every level.",
      "No excuses, just results.",
    ],
    intros: ["a fully equipped gym", "a group-fitness studio", "a strength and conditioning club"],
    details: [
      "Modern cardio and free-weight areas, 24-hour power and showers that are always hot.",
      "Certified trainers run more than 30 classes a week, from spinning to Afrobeats dance.",
      "Secure parking and lockers; come before work, after work, or both.",
      "New members get a free fitness assessment and a plan that fits their schedule.",
    ],
    productLines: [
      "Includes access to changing rooms, lockers and filtered water at {business}.",
      "Our certified trainers adapt every session to your level.",
      "Air-conditioned studio with uninterrupted power.",
    ],
    hours: {
      weekdays: ["05:30", "22:00"],
      saturday: ["07:00", "20:00"],
      sunday: ["08:00", "14:00"],
      sundayClosedChance: 0.3,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Monthly Membership", 25_000, 60_000, "Memberships", "none", ["membership", "gym"], "Unlimited gym access for 30 days, plus two group classes a week."),
      p("Quarterly Membership", 65_000, 160_000, "Memberships", "none", ["membership", "gym"], "Three months of unlimited access and classes, with a free body scan."),
      p("Annual Membership", 220_000, 450_000, "Memberships", "none", ["membership", "best-value"], "Twelve months of everything we offer at our best price, freeze up to 30 days."),
      p("Day Pass", 3_000, 7_500, "Memberships", "none", ["day-pass", "gym"], "In town for a day? Full access to the gym floor and one class."),
      p("Student Monthly Membership", 15_000, 30_000, "Memberships", "none", ["membership", "students"], "Full off-peak access for students with a valid ID card."),
      p("Personal Training Session", 10_000, 25_000, "Personal Training", "service", ["personal-training"], "One-on-one coaching with a certified trainer, built around your goals."),
      p("Personal Training Pack (10 Sessions)", 90_000, 220_000, "Personal Training", "none", ["personal-training", "best-value"], "Ten one-on-one sessions to use within three months."),
      p("Nutrition Consultation", 15_000, 35_000, "Personal Training", "service", ["nutrition"], "A meal plan built on Nigerian foods you already love, from a registered dietitian."),
      p("Body Composition Scan", 5_000, 12_000, "Personal Training", "none", ["assessment"], "Body fat, muscle mass and water percentage, with a trainer to explain the numbers."),
      p("Yoga Class", 5_000, 12_000, "Classes", "service", ["yoga", "class"], "Flow, breathe and stretch in a calm studio; mats provided."),
      p("HIIT Bootcamp", 4_000, 10_000, "Classes", "service", ["hiit", "class"], "High-intensity intervals that burn calories long after you leave."),
      p("Spinning Class", 4_000, 9_000, "Classes", "service", ["spinning", "cardio"], "Ride to Afrobeats and amapiano under the disco lights."),
      p("Boxing Class", 6_000, 15_000, "Classes", "service", ["boxing", "class"], "Pads, gloves and footwork with a former amateur champion."),
      p("Pilates Reformer Session", 15_000, 30_000, "Classes", "service", ["pilates", "class"], "Small-group reformer Pilates for core strength and posture."),
      p("Afrobeats Dance Workout", 3_500, 8_000, "Classes", "service", ["dance", "cardio"], "The most fun cardio in town: learn the latest moves and sweat buckets."),
      p("Resistance Band Set", 8_000, 18_000, "Gear", "none", ["gear", "home-workout"], "Five bands from light to extra heavy, with handles and a door anchor."),
      p("Gym Towel", 3_500, 8_000, "Gear", "none", ["gear", "towel"], "Quick-dry microfibre towel with our logo."),
      p("Shaker Bottle", 3_000, 7_000, "Gear", "none", ["gear", "shaker"], "Leak-proof 700ml shaker with a mixing ball."),
      p("Whey Protein (2kg)", 45_000, 90_000, "Gear", "none", ["supplements", "protein"], "Chocolate or vanilla whey protein, 24g protein per scoop."),
      p("Training T-Shirt", 8_000, 18_000, "Gear", "clothing", ["gear", "apparel"], "Breathable, sweat-wicking training tee."),
    ],
  },
  {
    slug: "fashion",
    name: "Fashion",
    description: "Ankara, adire, aso oke, agbada and handmade shoes and accessories.",
    nameTemplates: [
      "House of {given}",
      "{word} Couture",
      "{word} Threads",
      "{her} Atelier",
      "{word} Clothing Co.",
      "Tailored by {him}",
    ],
    words: [
      "Adire",
      "Ankara",
      "Aso Oke",
      "Kampala",
      "Indigo",
      "Akwete",
      "Eko",
      "Gele",
      "Kente",
      "Damask",
      "Lace",
      "Raffia",
    ],
    taglines: [
      "Made in Nigeria, worn everywhere.",
      "Owambe-ready in days, not weeks.",
      "Bespoke tailoring from {city}.",
      "Heritage fabrics, modern cuts.",
      "Look good, feel Naija.",
    ],
    intros: ["a fashion house", "a ready-to-wear label and tailoring studio", "a boutique"],
    details: [
      "Every piece is cut and sewn in our own workshop from hand-dyed adire, ankara and aso oke.",
      "We take custom measurements in store or over video call and deliver anywhere in Nigeria.",
      "Our tailors have dressed grooms, brides and whole aso ebi groups for more than ten years.",
      "Express tailoring available: tell us the date of your event and we will make it work.",
    ],
    productLines: [
      "Sewn in our {city} workshop; custom measurements available on request.",
      "Hand-finished seams and breathable fabric made for Nigerian heat.",
      "Need it for an owambe this weekend? Ask {business} about express tailoring.",
    ],
    hours: {
      weekdays: ["09:00", "19:00"],
      saturday: ["10:00", "19:00"],
      sunday: null,
      sundayClosedChance: 1,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Ankara Wrap Dress", 18_000, 55_000, "Women", "clothing", ["ankara", "dress"], "A flattering wrap dress in bold ankara print, midi length with a tie waist."),
      p("Adire Kaftan", 25_000, 75_000, "Women", "clothing", ["adire", "kaftan"], "Flowing indigo adire kaftan, hand-dyed in Abeokuta."),
      p("Ankara Two-Piece Set", 25_000, 65_000, "Women", "clothing", ["ankara", "co-ord"], "Crop top and high-waisted trousers in matching ankara."),
      p("Iro & Buba Set", 35_000, 95_000, "Women", "clothing", ["aso-ebi", "traditional"], "Classic iro and buba in lace or aso oke, with a matching ipele."),
      p("Adire Palazzo Trousers", 15_000, 35_000, "Women", "clothing", ["adire", "trousers"], "Wide-leg, breezy palazzos with an elastic waist."),
      p("Agbada Set", 85_000, 350_000, "Men", "clothing", ["agbada", "traditional"], "Three-piece agbada with hand embroidery, ready for weddings and chieftaincy events."),
      p("Senator Suit", 45_000, 150_000, "Men", "clothing", ["senator", "men"], "Sharp two-piece senator in cashmere wool blend, with subtle embroidery."),
      p("Dashiki Shirt", 12_000, 30_000, "Men", "clothing", ["dashiki", "men"], "Relaxed-fit dashiki with a classic embroidered neckline."),
      p("Buba & Sokoto", 35_000, 90_000, "Men", "clothing", ["traditional", "men"], "Native buba and sokoto in rich brocade."),
      p("Jalabiya Kaftan", 25_000, 65_000, "Men", "clothing", ["kaftan", "men"], "Long, elegant kaftan for Jumu'ah and Sallah celebrations."),
      p("Kente Bomber Jacket", 35_000, 85_000, "Men", "clothing", ["kente", "jacket"], "A streetwear bomber with kente panels and ribbed cuffs."),
      p("Aso Oke Gele", 15_000, 45_000, "Accessories", "none", ["aso-oke", "gele"], "Hand-woven aso oke gele that holds any style."),
      p("Fila Cap", 5_000, 15_000, "Accessories", "none", ["fila", "men"], "Traditional fila to complete your agbada or senator look."),
      p("Coral Bead Necklace", 15_000, 70_000, "Accessories", "none", ["beads", "jewellery"], "Layered coral beads inspired by Benin royal regalia."),
      p("Beaded Clutch Bag", 12_000, 40_000, "Accessories", "none", ["bag", "beads"], "A hand-beaded clutch in gold and coral tones."),
      p("Ankara Bucket Hat", 5_000, 12_000, "Accessories", "none", ["ankara", "hat"], "Reversible bucket hat, ankara on one side, plain on the other."),
      p("Leather Palm Slippers", 12_000, 35_000, "Footwear", "shoes", ["shoes", "leather"], "Handmade leather palm slippers from Aba, soft from the first wear."),
      p("Handmade Leather Loafers", 25_000, 85_000, "Footwear", "shoes", ["shoes", "leather"], "Full-grain leather loafers, hand-stitched by our cobblers."),
      p("Ankara Sneakers", 30_000, 70_000, "Footwear", "shoes", ["shoes", "ankara"], "Low-top sneakers with ankara panels and a cushioned sole."),
      p("Beaded Sandals", 15_000, 40_000, "Footwear", "shoes", ["shoes", "beads"], "Flat sandals with hand-sewn beadwork."),
    ],
  },
  {
    slug: "electronics",
    name: "Electronics & Gadgets",
    description: "Phones, power banks, solar, audio and home appliances, with warranty.",
    nameTemplates: [
      "{word} Electronics",
      "{word} Gadgets",
      "{surname} & Sons Electronics",
      "{word} Mobile",
      "{word} Tech Hub",
      "{word} Power Solutions",
    ],
    words: [
      "Bright Star",
      "PowerUp",
      "Naija Gadget",
      "Signal",
      "Volt",
      "Megabyte",
      "Solar Ray",
      "Swift",
      "Prime",
      "Ultra",
      "Click",
      "Circuit",
    ],
    taglines: [
      "Original gadgets, honest prices.",
      "Stay charged, stay connected.",
      "{city}'s trusted gadget store.",
      "Warranty on everything we sell.",
      "Power for when NEPA takes light.",
    ],
    intros: [
      "a gadget store",
      "an electronics and power-solutions shop",
      "a phone and accessories store",
    ],
    details: [
      "We sell only original, sealed products with manufacturer warranty, and test every device before it leaves the shop.",
      "Ask us about inverters and solar kits: we size, install and maintain them.",
      "Pay by card, transfer or on pickup; same-day delivery within town.",
      "Our technicians repair phone screens, charging ports and batteries while you wait.",
    ],
    productLines: [
      "Brand new and sealed, with a 12-month warranty from {business}.",
      "Pay on pickup at our {city} store or get it delivered within 24–48 hours.",
      "Tested in store before it leaves, no fakes.",
    ],
    hours: {
      weekdays: ["08:30", "18:30"],
      saturday: ["09:00", "18:00"],
      sunday: null,
      sundayClosedChance: 1,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Tecno Spark Smartphone", 140_000, 260_000, "Phones", "storage", ["phone", "tecno"], "Big battery, sharp camera and a bright 6.6-inch screen."),
      p("Infinix Hot Smartphone", 150_000, 280_000, "Phones", "storage", ["phone", "infinix"], "Fast charging and a smooth 90Hz display, dual SIM."),
      p("Refurbished iPhone 11", 280_000, 450_000, "Phones", "storage", ["phone", "refurbished"], "Grade A refurbished, battery health above 85%, with a 6-month warranty."),
      p("itel Feature Phone", 12_000, 25_000, "Phones", "none", ["phone", "backup-phone"], "Torchlight, FM radio and a battery that lasts a week."),
      p("Wireless Earbuds", 18_000, 45_000, "Audio", "none", ["audio", "earbuds"], "Bluetooth 5.3 earbuds with noise reduction and a 30-hour case."),
      p("Bluetooth Party Speaker", 20_000, 85_000, "Audio", "none", ["audio", "speaker"], "Loud, bass-heavy speaker with lights and a 12-hour battery."),
      p("Over-Ear Headphones", 25_000, 75_000, "Audio", "none", ["audio", "headphones"], "Comfortable over-ear headphones with active noise cancelling."),
      p("20,000mAh Power Bank", 15_000, 30_000, "Power", "none", ["power-bank", "charging"], "Charges a phone four times over, with fast-charge USB-C."),
      p("Solar Rechargeable Lantern", 12_000, 35_000, "Power", "none", ["solar", "lighting"], "Bright LED lantern that charges from the sun or the wall."),
      p("1.5kVA Inverter", 250_000, 450_000, "Power", "none", ["inverter", "solar"], "Pure sine-wave inverter that keeps lights, fans and a TV on through outages."),
      p("Surge Protector Extension", 8_000, 20_000, "Power", "none", ["surge-protector"], "Six sockets with surge protection against unstable power."),
      p("Rechargeable Standing Fan", 45_000, 120_000, "Home & Appliances", "none", ["fan", "rechargeable"], "Runs up to 10 hours on battery, with a built-in USB port."),
      p("32-inch Smart TV", 160_000, 300_000, "Home & Appliances", "none", ["tv", "smart-tv"], "HD smart TV with YouTube and Netflix built in."),
      p("Electric Kettle", 15_000, 35_000, "Home & Appliances", "none", ["kitchen", "kettle"], "1.7-litre stainless-steel kettle with auto shut-off."),
      p("20W USB-C Fast Charger", 6_000, 15_000, "Accessories", "none", ["charger", "usb-c"], "Original 20W fast charger, safe for all USB-C phones."),
      p("Braided USB-C Cable (1m)", 2_500, 6_000, "Accessories", "none", ["cable", "usb-c"], "Tough braided cable that survives bags and pockets."),
      p("Tempered Glass Screen Protector", 2_500, 6_000, "Accessories", "none", ["screen-protector"], "9H tempered glass, fitted free in store."),
      p("Smartwatch", 35_000, 120_000, "Accessories", "none", ["wearable", "smartwatch"], "Tracks steps, heart rate and sleep, and shows WhatsApp notifications."),
      p("Wireless Mouse", 6_000, 18_000, "Accessories", "none", ["computer", "mouse"], "Silent-click wireless mouse with a USB receiver."),
      p("Phone Screen Replacement", 25_000, 90_000, "Repairs", "none", ["repair", "screen"], "Original-quality screen fitted in about an hour, with a 3-month warranty."),
    ],
  },
  {
    slug: "groceries",
    name: "Groceries & Foodstuff",
    description: "Rice, beans, garri, fresh produce, soup ingredients and provisions.",
    nameTemplates: [
      "{word} Foodstuff Store",
      "Mama {her} Provisions",
      "{word} Farms Market",
      "{word} Supermarket",
      "{word} Mart",
      "{surname} Foodstuff & Provisions",
    ],
    words: [
      "Oja Oba",
      "Fresh Basket",
      "Harvest",
      "Green Acre",
      "Kasuwa",
      "Daily Needs",
      "Mile 12",
      "Ariaria",
      "Sabo",
      "Plenty",
      "Bountiful",
      "Family",
    ],
    taglines: [
      "Market prices, delivered to your door.",
      "Fresh from the farm to your kitchen.",
      "Foodstuff for every pot in {city}.",
      "Bulk buys, small prices.",
      "Your monthly shopping, sorted.",
    ],
    intros: ["a foodstuff store", "a neighbourhood supermarket", "a farm-fresh market"],
    details: [
      "We buy straight from farmers and the big markets every week, so our prices stay close to market prices.",
      "Everything is cleaned, sorted and packed: no stones in the beans, no sand in the garri.",
      "Order before 2 pm for same-day delivery, or pick up on your way home.",
      "Bulk discounts for restaurants, caterers and big families.",
    ],
    productLines: [
      "Sourced directly from farms and markets, cleaned and packed at {business}.",
      "Same-day delivery within {city} for orders placed before 2 pm.",
      "Freshness guaranteed or we replace it free.",
    ],
    hours: {
      weekdays: ["07:00", "21:00"],
      saturday: ["07:00", "21:00"],
      sunday: ["10:00", "20:00"],
      sundayClosedChance: 0.15,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Parboiled Rice (50kg Bag)", 75_000, 110_000, "Grains & Staples", "none", ["rice", "bulk"], "Stone-free long-grain parboiled rice, the full bag."),
      p("Parboiled Rice (10kg)", 18_000, 28_000, "Grains & Staples", "none", ["rice"], "Long-grain parboiled rice that cooks soft and separate."),
      p("Honey Beans (Oloyin, 5kg)", 10_000, 18_000, "Grains & Staples", "none", ["beans"], "Sweet brown honey beans, hand-picked and weevil-free."),
      p("Garri Ijebu (4kg)", 5_000, 9_000, "Grains & Staples", "none", ["garri"], "Crisp, sour Ijebu garri, perfect for soaking or eba."),
      p("Semolina (5kg)", 7_000, 12_000, "Grains & Staples", "none", ["semolina", "swallow"], "Smooth semolina for lump-free swallow."),
      p("Abuja Yam Tuber", 3_000, 8_000, "Fresh Produce", "none", ["yam", "fresh"], "Big, firm yam tubers from Benue and Niger farms."),
      p("Plantain (Bunch)", 5_000, 12_000, "Fresh Produce", "none", ["plantain", "fresh"], "A bunch of firm plantain; choose unripe, semi-ripe or ripe."),
      p("Fresh Pepper Mix", 3_000, 8_000, "Fresh Produce", "none", ["pepper", "fresh"], "Tatashe, rodo, tomatoes and onions, ready for your stew."),
      p("Eggs (Crate of 30)", 4_500, 7_500, "Fresh Produce", "none", ["eggs", "fresh"], "Fresh farm eggs, carefully packed."),
      p("Palm Oil (5 Litres)", 9_000, 18_000, "Soup Ingredients", "none", ["palm-oil", "oil"], "Pure, unadulterated red palm oil from Imo."),
      p("Groundnut Oil (3 Litres)", 8_000, 15_000, "Soup Ingredients", "none", ["oil"], "Pure groundnut oil for frying and stews."),
      p("Ground Egusi (1kg)", 5_000, 10_000, "Soup Ingredients", "none", ["egusi", "soup"], "Peeled and finely ground melon seeds."),
      p("Ogbono (500g)", 4_000, 9_000, "Soup Ingredients", "none", ["ogbono", "soup"], "Ground ogbono that draws beautifully."),
      p("Crayfish (Paint Bucket)", 8_000, 18_000, "Soup Ingredients", "none", ["crayfish", "soup"], "Clean, dry crayfish with no sand."),
      p("Stockfish (Okporoko)", 8_000, 25_000, "Soup Ingredients", "none", ["stockfish", "soup"], "Norwegian stockfish head and body, cut and ready to soak."),
      p("Noodles (Carton of 40)", 9_000, 16_000, "Provisions", "none", ["noodles", "carton"], "A full carton of chicken-flavour instant noodles."),
      p("Evaporated Milk (Carton of 24)", 12_000, 22_000, "Provisions", "none", ["milk", "carton"], "Full-cream evaporated milk in tins."),
      p("Zobo Leaves (500g)", 1_500, 3_500, "Provisions", "none", ["zobo", "drinks"], "Dried hibiscus leaves for making fresh zobo at home."),
      p("Malt Drink (Pack of 6)", 3_000, 6_000, "Drinks", "drinks", ["drinks", "malt"], "Chilled malt drinks, a six-pack."),
      p("Fresh Orange Juice", 1_500, 3_500, "Drinks", "drinks", ["drinks", "juice"], "Cold-pressed from Benue oranges, no sugar added."),
      p("Tiger Nut Drink (Kunu Aya)", 1_500, 3_000, "Drinks", "drinks", ["drinks", "tiger-nut"], "Creamy tiger-nut drink made fresh this week."),
      p("Table Water (Pack of 12)", 1_500, 3_500, "Drinks", "drinks", ["drinks", "water"], "NAFDAC-approved bottled water."),
    ],
  },
  {
    slug: "beauty",
    name: "Beauty & Skincare",
    description: "Skincare for melanin-rich skin, makeup, fragrance and makeup artists.",
    nameTemplates: [
      "Glow by {her}",
      "{word} Beauty",
      "{word} Naturals",
      "{her}'s Beauty Bar",
      "{word} Skin Studio",
      "{word} Cosmetics",
    ],
    words: [
      "Melanin",
      "Shea",
      "Ori",
      "Radiant",
      "Honey",
      "Cocoa",
      "Ebony",
      "Glow Up",
      "Amber",
      "Velvet",
      "Nubian",
      "Pearl",
    ],
    taglines: [
      "Skincare made for melanin.",
      "Glow from the inside out.",
      "{city}'s favourite beauty bar.",
      "Clean beauty, real results.",
      "Soft glam for every occasion.",
    ],
    intros: ["a beauty store", "a skincare and makeup studio", "a natural cosmetics brand"],
    details: [
      "We formulate for melanin-rich skin in the Nigerian climate, with shea, cocoa butter and black soap at the heart of our range.",
      "Only authentic products, bought from the brands or their official distributors.",
      "Our makeup artists do bridal, soft glam and editorial looks in studio or at your venue.",
      "Free skin consultations every Saturday: bring your questions and your current routine.",
    ],
    productLines: [
      "Suitable for melanin-rich skin and the Nigerian climate.",
      "100% authentic, sold and shipped by {business}.",
      "Patch-test first if you have sensitive skin.",
    ],
    hours: {
      weekdays: ["09:00", "19:00"],
      saturday: ["09:00", "19:00"],
      sunday: ["12:00", "17:00"],
      sundayClosedChance: 0.5,
      mondayClosedChance: 0,
    },
    // biome-ignore format: one product per line reads like a price list
    products: [
      p("Raw Shea Butter (500g)", 3_000, 8_000, "Skincare", "none", ["shea-butter", "natural"], "Unrefined ivory shea butter from northern Nigeria, for skin and hair."),
      p("African Black Soap", 2_000, 5_000, "Skincare", "none", ["black-soap", "natural"], "Traditional ose dudu made with plantain-skin ash and palm-kernel oil."),
      p("Vitamin C Brightening Serum", 8_000, 25_000, "Skincare", "none", ["serum", "brightening"], "Fades dark spots and evens skin tone in four to six weeks."),
      p("Niacinamide Serum", 7_000, 20_000, "Skincare", "none", ["serum", "oil-control"], "Controls shine and minimises pores without drying."),
      p("Sunscreen SPF 50", 7_000, 22_000, "Skincare", "none", ["sunscreen", "spf"], "Invisible, no white cast on dark skin, light enough for daily wear."),
      p("Hydrating Face Moisturiser", 6_000, 18_000, "Skincare", "none", ["moisturiser"], "Hyaluronic acid and aloe for all-day moisture without grease."),
      p("Turmeric Face Mask", 4_000, 10_000, "Skincare", "none", ["mask", "natural"], "Turmeric, honey and clay mask for a brighter complexion."),
      p("Whipped Body Butter", 4_500, 12_000, "Skincare", "none", ["body-butter", "shea-butter"], "Fluffy whipped shea and cocoa butter with a light vanilla scent."),
      p("Chebe Hair Growth Oil", 5_000, 15_000, "Haircare", "none", ["hair-oil", "chebe"], "Chebe powder, rosemary and castor oil to reduce breakage."),
      p("Virgin Coconut Oil", 3_000, 8_000, "Haircare", "none", ["coconut-oil", "natural"], "Cold-pressed virgin coconut oil for hair, skin and cooking."),
      p("Matte Lipstick", 4_000, 12_000, "Makeup", "none", ["lipstick", "makeup"], "Long-wear matte lipstick in shades made for deeper skin tones."),
      p("Lip Gloss Trio", 5_000, 12_000, "Makeup", "none", ["lip-gloss", "makeup"], "Three non-sticky glosses: clear, nude and berry."),
      p("Full-Coverage Foundation", 9_000, 28_000, "Makeup", "none", ["foundation", "makeup"], "Twenty shades from caramel to deep ebony, sweat-proof for twelve hours."),
      p("Makeup Brush Set", 8_000, 25_000, "Makeup", "none", ["brushes", "makeup"], "Twelve soft synthetic brushes in a roll-up case."),
      p("Oud Perfume Oil", 6_000, 25_000, "Fragrance", "none", ["perfume", "oud"], "Rich, long-lasting oud oil, alcohol-free."),
      p("Eau de Parfum (100ml)", 25_000, 120_000, "Fragrance", "none", ["perfume"], "Warm amber and vanilla with a hint of citrus."),
      p("Scented Candle", 6_000, 18_000, "Fragrance", "none", ["candle", "home"], "Soy-wax candle in lemongrass and shea, 40-hour burn."),
      p("Bridal Makeup", 50_000, 150_000, "Makeup Services", "none", ["makeup-artist", "bridal"], "Bridal makeup with a trial session, lashes and a touch-up kit."),
      p("Soft Glam Makeup Session", 15_000, 40_000, "Makeup Services", "service", ["makeup-artist", "soft-glam"], "Soft glam for birthdays, shoots and owambes, lashes included."),
      p("Lash Extensions (Classic Set)", 12_000, 30_000, "Makeup Services", "service", ["lashes"], "Natural-looking classic lash extensions that last three to four weeks."),
      p("Makeup Masterclass", 30_000, 80_000, "Makeup Services", "service", ["class", "makeup"], "Learn everyday and glam looks on your own face, kit included."),
    ],
  },
];

interface AreaSeed {
  area: string;
  streets: string[];
}

export interface CitySeed {
  name: string;
  /** Relative share of businesses in the benchmark data. */
  weight: number;
  areas: AreaSeed[];
}

export const seedCities: CitySeed[] = [
  {
    name: "Lagos",
    weight: 30,
    areas: [
      {
        area: "Lekki Phase 1",
        streets: [
          "Admiralty Way",
          "Admiralty Road",
          "Fola Osibo Road",
          "Bayo Kuku Road",
          "Onikepo Akande Street",
        ],
      },
      {
        area: "Victoria Island",
        streets: [
          "Adeola Odeku Street",
          "Akin Adesola Street",
          "Ajose Adeogun Street",
          "Saka Tinubu Street",
          "Kofo Abayomi Street",
        ],
      },
      {
        area: "Ikoyi",
        streets: ["Awolowo Road", "Bourdillon Road", "Kingsway Road", "Glover Road"],
      },
      {
        area: "Ikeja GRA",
        streets: [
          "Isaac John Street",
          "Joel Ogunnaike Street",
          "Oduduwa Crescent",
          "Sobo Arobiodu Street",
        ],
      },
      {
        area: "Ikeja",
        streets: ["Allen Avenue", "Opebi Road", "Toyin Street", "Obafemi Awolowo Way"],
      },
      {
        area: "Surulere",
        streets: ["Adeniran Ogunsanya Street", "Bode Thomas Street", "Akerele Street"],
      },
      { area: "Yaba", streets: ["Herbert Macaulay Way", "Commercial Avenue", "Sabo Road"] },
      { area: "Ajah", streets: ["Addo Road", "Lekki-Epe Expressway", "Badore Road"] },
    ],
  },
  {
    name: "Abuja",
    weight: 18,
    areas: [
      {
        area: "Wuse 2",
        streets: [
          "Aminu Kano Crescent",
          "Adetokunbo Ademola Crescent",
          "Libreville Street",
          "Cotonou Crescent",
        ],
      },
      { area: "Maitama", streets: ["Gana Street", "Mississippi Street", "Yedseram Street"] },
      {
        area: "Garki",
        streets: ["Gimbiya Street", "Ladoke Akintola Boulevard", "Ahmadu Bello Way"],
      },
      { area: "Jabi", streets: ["Obafemi Awolowo Way", "Ebitu Ukiwe Street"] },
      { area: "Gwarinpa", streets: ["1st Avenue", "3rd Avenue", "6th Avenue"] },
      { area: "Utako", streets: ["Ekukinam Street", "Okonjo Iweala Way"] },
    ],
  },
  {
    name: "Port Harcourt",
    weight: 12,
    areas: [
      { area: "GRA Phase 2", streets: ["Tombia Street", "Evo Road", "Sani Abacha Road"] },
      { area: "D-Line", streets: ["Olu Obasanjo Road", "Ikwerre Road"] },
      { area: "Trans Amadi", streets: ["Trans Amadi Road", "Woji Road"] },
      { area: "Rumuola", streets: ["Aba Road", "Rumuola Road"] },
    ],
  },
  {
    name: "Ibadan",
    weight: 10,
    areas: [
      { area: "Bodija", streets: ["Awolowo Avenue", "Aare Avenue"] },
      { area: "Ring Road", streets: ["Ring Road", "Liberty Road"] },
      { area: "Jericho", streets: ["Jericho Road", "Magazine Road"] },
      { area: "Dugbe", streets: ["Jimoh Odutola Road", "Obafemi Awolowo Road"] },
      { area: "Mokola", streets: ["Queen Elizabeth Road", "Mokola Hill Road"] },
    ],
  },
  {
    name: "Kano",
    weight: 10,
    areas: [
      { area: "Nassarawa GRA", streets: ["Audu Bako Way", "Race Course Road", "Sultan Road"] },
      { area: "Sabon Gari", streets: ["Murtala Mohammed Way", "Niger Street", "Enugu Road"] },
      { area: "Farm Centre", streets: ["Zoo Road", "Farm Centre Road"] },
      { area: "Bompai", streets: ["Bompai Road", "Club Road"] },
    ],
  },
  {
    name: "Enugu",
    weight: 10,
    areas: [
      { area: "Independence Layout", streets: ["Presidential Road", "Rangers Avenue"] },
      { area: "New Haven", streets: ["Chime Avenue", "Bisala Road"] },
      { area: "Ogui", streets: ["Ogui Road", "Okpara Avenue"] },
      { area: "Uwani", streets: ["Agbani Road", "Zik Avenue"] },
    ],
  },
  {
    name: "Benin City",
    weight: 10,
    areas: [
      { area: "GRA", streets: ["Ihama Road", "Dawson Road"] },
      { area: "Ring Road", streets: ["Akpakpava Road", "Mission Road"] },
      { area: "Uselu", streets: ["Ugbowo-Lagos Road", "Uselu-Lagos Road"] },
      { area: "Airport Road", streets: ["Airport Road", "Sapele Road"] },
    ],
  },
];

const mobilePrefixes = [
  "803",
  "806",
  "813",
  "816",
  "810",
  "814",
  "903",
  "906",
  "802",
  "808",
  "812",
  "701",
  "902",
  "907",
  "805",
  "807",
  "815",
  "811",
  "905",
  "809",
  "817",
  "818",
  "909",
  "908",
];

// ---------------------------------------------------------------------------------------------
// Generators

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

function minutes(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

function clock(total: number): string {
  const clamped = Math.min(Math.max(total, 0), 23 * 60 + 59);
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
}

export function generateOpeningHours(
  random: Random,
  style: HoursStyle,
  city: string,
): OpeningHours {
  const openShift = random.pick([0, 0, 30, 60]);
  const closeShift = random.pick([-60, 0, 0, 30, 60]);
  const adjust = ([open, close]: Hours): Hours => [
    clock(minutes(open) + openShift),
    clock(minutes(close) + closeShift),
  ];
  const weekdays = adjust(style.weekdays);
  const hours: OpeningHours = {
    mon: random.chance(style.mondayClosedChance) ? [] : [weekdays],
    tue: [weekdays],
    wed: [weekdays],
    thu: [weekdays],
    fri: [weekdays],
    sat: [adjust(style.saturday)],
    sun: style.sunday && !random.chance(style.sundayClosedChance) ? [adjust(style.sunday)] : [],
  };
  // Kano businesses close for Jumu'ah prayers at midday on Friday.
  if (city === "Kano" && minutes(weekdays[0]) < 13 * 60 && minutes(weekdays[1]) > 14 * 60 + 30) {
    hours.fri = [
      [weekdays[0], "12:30"],
      ["14:30", weekdays[1]],
    ];
  }
  return hours;
}

function phoneNumber(random: Random): string {
  return `+234 ${random.pick(mobilePrefixes)} ${random.int(100, 999)} ${String(random.int(0, 9999)).padStart(4, "0")}`;
}

export interface BusinessDraft {
  slug: string;
  name: string;
  tagline: string;
  description: string;
  categorySlug: string;
  city: string;
  area: string;
  address: string;
  phone: string;
  email: string;
  brandColor: string;
  hours: OpeningHours;
  createdAt: Date;
}

const day = 24 * 60 * 60 * 1000;

/**
 * One made-up business. `used.names` steers away from repeated names (a few tries, then a
 * branch name); `used.slugs` is updated so slugs stay unique. `nameBusiness` replaces the
 * category's name templates (the benchmark seed's vocabulary); it must keep `used.names` itself.
 */
export function generateBusiness(
  random: Random,
  category: CategorySeed,
  city: CitySeed,
  used: { names: Set<string>; slugs: Set<string> },
  now = Date.now(),
  nameBusiness?: (random: Random) => string,
): BusinessDraft {
  const { area, streets } = random.pick(city.areas);
  let name = nameBusiness?.(random) ?? "";
  for (let attempt = 0; attempt < 12 && !nameBusiness; attempt++) {
    const word = random.pick(category.words);
    const template = random.pick(category.nameTemplates);
    name = fill(template, {
      word,
      given: random.pick(random.chance(0.5) ? femaleNames : maleNames),
      her: random.pick(femaleNames),
      him: random.pick(maleNames),
      surname: random.pick(surnames),
    });
    // The first tries also avoid near-twins in one category ("Alafia Spa", "Alafia Day Spa").
    const stem = `${category.slug}:${template.includes("{word}") ? word : template}`;
    if (!used.names.has(name) && (attempt >= 6 || !used.names.has(stem))) {
      used.names.add(stem);
      break;
    }
  }
  // A name already taken becomes a branch: "Serenity Spa Lekki Phase 1".
  if (!nameBusiness) {
    if (used.names.has(name)) name = `${name} ${area}`;
    used.names.add(name);
  }
  const street = random.pick(streets);
  const number = random.int(1, 160);
  const address = random.chance(0.15)
    ? `Plot ${number}, ${street}, ${area}`
    : random.chance(0.1)
      ? `Shop ${random.int(1, 40)}, ${number} ${street}, ${area}`
      : `${number} ${street}, ${area}`;
  const slug = uniqueSlug(slugify(name), used.slugs, city.name);
  const values = { name, city: city.name, area };
  const [first, second] = random.sample(category.details, 2);
  return {
    slug,
    name,
    tagline: fill(random.pick(category.taglines), values),
    description: `${name} is ${random.pick(category.intros)} in ${area}, ${city.name}. ${first} ${second}`,
    categorySlug: category.slug,
    city: city.name,
    area,
    address,
    phone: phoneNumber(random),
    email: `hello@${slug.replace(/-/g, "")}.com.ng`,
    brandColor: generateBrandColor(random),
    hours: generateOpeningHours(random, category.hours, city.name),
    createdAt: new Date(now - random.int(20, 720) * day - random.int(0, day - 1)),
  };
}

export interface ProductDraft {
  slug: string;
  name: string;
  description: string;
  priceKobo: number;
  compareAtKobo: number | null;
  sizes: string[];
  stock: number;
  tags: string[];
  group: string;
  createdAt: Date;
}

const variants = [
  "Deluxe",
  "Classic",
  "Premium",
  "Express",
  "Family",
  "Signature",
  "Mini",
  "Royal",
];

/** Rounds to a price a Nigerian shop would print: ₦3,500, ₦12,000, ₦185,000. */
function roundPrice(random: Random, naira: number): number {
  const step =
    naira < 20_000
      ? 500
      : naira < 100_000
        ? random.pick([500, 1_000])
        : random.pick([1_000, 5_000]);
  return Math.round(naira / step) * step;
}

export function generatePrice(
  random: Random,
  [min, max]: [number, number],
): { price: number; compareAt: number | null } {
  const price = Math.min(
    450_000,
    Math.max(1_500, roundPrice(random, min + random.next() * (max - min))),
  );
  if (!random.chance(1 / 3)) return { price, compareAt: null };
  const compareAt = roundPrice(random, price * (1.1 + random.next() * 0.3));
  return { price, compareAt: compareAt > price ? compareAt : price + 500 };
}

/** `count` products for one business, drawn without repeats from its category's templates. */
export function generateProducts(
  random: Random,
  category: CategorySeed,
  business: Pick<BusinessDraft, "name" | "city" | "createdAt">,
  count: number,
  now = Date.now(),
): ProductDraft[] {
  const templates = random.sample(category.products, category.products.length);
  const slugs = new Set<string>();
  const drafts: ProductDraft[] = [];
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length] as ProductTemplate;
    const round = Math.floor(i / templates.length);
    const name =
      round === 0 ? template.name : `${variants[(round - 1) % variants.length]} ${template.name}`;
    const { price, compareAt } = generatePrice(random, template.naira);
    const line = fill(random.pick(category.productLines), {
      business: business.name,
      city: business.city,
    });
    const tags = [...template.tags];
    if (random.chance(0.12)) tags.push("bestseller");
    if (random.chance(0.08)) tags.push("new");
    const since = Math.max(business.createdAt.getTime(), now - 365 * day);
    drafts.push({
      slug: uniqueSlug(slugify(name), slugs),
      name,
      description: `${template.blurb} ${line}`,
      priceKobo: price * 100,
      compareAtKobo: compareAt === null ? null : compareAt * 100,
      sizes: [...sizeOptions[template.sizes]],
      stock: random.chance(0.04) ? 0 : random.int(1, 120),
      tags,
      group: template.group,
      createdAt: new Date(since + random.next() * (now - since)),
    });
  }
  return drafts;
}

export interface CollectionDraft {
  slug: string;
  name: string;
  description: string;
  /** Indexes into the business's product drafts. */
  products: number[];
}

/**
 * The rows of a business's generated collections, for the demo and the benchmark seeds:
 * `productIds[i]` is the id given to `drafts[i]`.
 */
export function collectionRowsFor(
  random: Random,
  business: Pick<BusinessDraft, "name" | "createdAt"> & { id: string },
  drafts: ProductDraft[],
  productIds: string[],
) {
  const collectionRows: Array<typeof collections.$inferInsert> = [];
  const memberRows: Array<typeof collectionProducts.$inferInsert> = [];
  generateCollections(random, business, drafts).forEach((collection, position) => {
    const collectionId = newId("col");
    collectionRows.push({
      id: collectionId,
      businessId: business.id,
      slug: collection.slug,
      name: collection.name,
      description: collection.description,
      position,
      createdAt: business.createdAt,
      updatedAt: business.createdAt,
    });
    collection.products.forEach((index, order) => {
      memberRows.push({ collectionId, productId: productIds[index] as string, position: order });
    });
  });
  return { collectionRows, memberRows };
}

/** Two or three collections: bestsellers, then the business's biggest product groups. */
export function generateCollections(
  random: Random,
  business: Pick<BusinessDraft, "name">,
  drafts: ProductDraft[],
): CollectionDraft[] {
  const all = drafts.map((_, index) => index);
  const result: CollectionDraft[] = [
    {
      slug: "bestsellers",
      name: "Bestsellers",
      description: `What customers of ${business.name} come back for again and again.`,
      products: random.sample(all, Math.min(all.length, random.int(4, 6))),
    },
  ];
  const groups = new Map<string, number[]>();
  drafts.forEach((draft, index) => {
    groups.set(draft.group, [...(groups.get(draft.group) ?? []), index]);
  });
  const big = random.sample(
    [...groups].filter(([, members]) => members.length >= 2),
    random.int(1, 2),
  );
  for (const [group, members] of big) {
    result.push({
      slug: slugify(group),
      name: group,
      description: `${group} from ${business.name}.`,
      products: members,
    });
  }
  if (result.length < 2) {
    const onSale = all.filter((index) => drafts[index]?.compareAtKobo !== null);
    result.push({
      slug: "on-sale",
      name: "On Sale",
      description: "Favourites at a lower price, for a limited time.",
      products: onSale.length > 0 ? onSale : random.sample(all, Math.min(all.length, 3)),
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Database helpers shared with the benchmark seed

type Writer = Pick<Database, "insert" | "select">;

export async function insertInBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}

/** Creates the seed categories that are missing; returns every category id by slug. */
export async function ensureCategories(db: Writer): Promise<Map<string, string>> {
  await db
    .insert(categories)
    .values(
      seedCategories.map((category, position) => ({
        id: newId("cat"),
        slug: category.slug,
        name: category.name,
        description: category.description,
        position,
      })),
    )
    .onConflictDoNothing({ target: categories.slug });
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        seedCategories.map((category) => category.slug),
      ),
    );
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export class SeedError extends Error {
  override name = "SeedError";
}

/** True when the catalogue holds no businesses and no products. */
export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [businessRow] = await db.select({ total: count() }).from(businesses);
  const [productRow] = await db.select({ total: count() }).from(products);
  return (businessRow?.total ?? 0) === 0 && (productRow?.total ?? 0) === 0;
}

// ---------------------------------------------------------------------------------------------
// Pictures

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const smallWords = new Set(["and", "&", "of", "the", "by", "with", "de", "a"]);

/** "Jollof Rice & Chicken" → "JR"; "Agbada Set" → "AS"; "Moi Moi" → "MM". */
export function initials(name: string, letters = 2): string {
  const words = name
    .replace(/\(.*?\)/g, " ")
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => word && !smallWords.has(word.toLowerCase()));
  if (words.length === 1) return (words[0] ?? "").slice(0, letters).toUpperCase();
  return words
    .slice(0, letters)
    .map((word) => word[0])
    .join("")
    .toUpperCase();
}

interface Art {
  width: number;
  height: number;
  color: string;
  label: string;
  caption: string;
  /** Picks the decoration, so neighbouring pictures do not all look alike. */
  variant: number;
}

function decoration(width: number, height: number, variant: number): string {
  const s = Math.min(width, height);
  switch (variant % 4) {
    case 0:
      return `<circle cx="${width * 0.82}" cy="${height * 0.18}" r="${s * 0.42}" fill="#fff" fill-opacity="0.10"/><circle cx="${width * 0.1}" cy="${height * 0.92}" r="${s * 0.22}" fill="#fff" fill-opacity="0.07"/>`;
    case 1:
      return `<rect x="${width * 0.55}" y="${-s * 0.2}" width="${s * 0.7}" height="${s * 0.7}" rx="${s * 0.12}" transform="rotate(24 ${width * 0.9} ${s * 0.15})" fill="#fff" fill-opacity="0.09"/><rect x="${-s * 0.15}" y="${height * 0.7}" width="${s * 0.45}" height="${s * 0.45}" rx="${s * 0.08}" transform="rotate(-18 0 ${height})" fill="#000" fill-opacity="0.10"/>`;
    case 2:
      return `<g fill="none" stroke="#fff" stroke-opacity="0.10" stroke-width="${s * 0.04}"><circle cx="${width * 0.85}" cy="${height * 0.85}" r="${s * 0.2}"/><circle cx="${width * 0.85}" cy="${height * 0.85}" r="${s * 0.34}"/><circle cx="${width * 0.85}" cy="${height * 0.85}" r="${s * 0.48}"/></g>`;
    default:
      return `<path d="M0 ${height * 0.78} L${width} ${height * 0.48} L${width} ${height} L0 ${height} Z" fill="#000" fill-opacity="0.12"/><path d="M0 ${height * 0.9} L${width} ${height * 0.66} L${width} ${height} L0 ${height} Z" fill="#fff" fill-opacity="0.06"/>`;
  }
}

function fitFontSize(text: string, maxWidth: number, maxSize: number): number {
  // Bold sans-serif glyphs average about 0.62 em wide.
  return Math.max(12, Math.min(maxSize, Math.floor(maxWidth / (Math.max(text.length, 1) * 0.62))));
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

export function artSvg({ width, height, color, label, caption, variant }: Art): string {
  const labelSize = fitFontSize(label, width * 0.8, height * (caption ? 0.36 : 0.46));
  const captionText = truncate(caption, 34);
  const captionSize = fitFontSize(captionText, width * 0.86, height * 0.065);
  const labelY = caption ? height * 0.47 : height * 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, 0.45)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${decoration(width, height, variant)}
<text x="${width / 2}" y="${labelY}" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${labelSize}" fill="#fff">${escapeXml(label)}</text>
${caption ? `<text x="${width / 2}" y="${height * 0.8}" text-anchor="middle" font-family="sans-serif" font-weight="600" font-size="${captionSize}" fill="#fff" fill-opacity="0.92">${escapeXml(captionText)}</text>` : ""}
</svg>`;
}

export const imageSizes = {
  product: { width: 800, height: 800 },
  cover: { width: 1600, height: 600 },
  logo: { width: 256, height: 256 },
} as const;

interface RenderJob extends Art {
  /** Where the picture goes in the media store. */
  path: string;
}

// Flat gradients and large type compress well even at effort 0, which costs about a third of
// the default effort 4 (measured: ~10 ms instead of ~30 ms per 800×800 picture on 2 cores).
const webpOptions = { quality: 80, effort: 0 } as const;

/**
 * Renders every job. After a failure, or once `control.stopped` is set, no new job starts; the
 * promise settles only when none is in flight, so the caller can clean up safely.
 */
async function renderAll(
  media: MediaStore,
  jobs: RenderJob[],
  onRendered: () => void,
  control: { stopped: boolean },
  concurrency = 8,
): Promise<void> {
  // Loaded here, not at import: the app imports this module at every start, seeding or not.
  const { default: sharp } = await import("sharp");
  let next = 0;
  const worker = async () => {
    while (!control.stopped && next < jobs.length) {
      const job = jobs[next++] as RenderJob;
      try {
        const bytes = await sharp(Buffer.from(artSvg(job)))
          .removeAlpha()
          .webp(webpOptions)
          .toBuffer();
        await media.write(job.path, bytes, "image/webp");
      } catch (error) {
        control.stopped = true;
        throw error;
      }
      onRendered();
    }
  };
  // sharp renders on libuv's thread pool; a few jobs in flight keep every core busy.
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, jobs.length) }, worker),
  );
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

// Offers that make sense whatever the two businesses sell.
const partnerOffers = [
  "10% off your first visit or order",
  "₦2,000 off when you spend ₦10,000",
  "A free gift with your first purchase",
  "15% off for Oja shoppers this month",
];

/** Voucher offers a business of each kind sells (issue 19): a title and its value in naira. */
const voucherTemplates: Record<string, Array<[title: string, valueNaira: number]>> = {
  "spas-wellness": [
    ["Full-body massage and facial", 35_000],
    ["Couples' spa afternoon", 60_000],
  ],
  "salons-barbers": [
    ["Wash, treatment and style", 15_000],
    ["Three haircuts, any time", 12_000],
  ],
  restaurants: [
    ["Dinner for two with drinks", 30_000],
    ["Sunday family lunch for four", 45_000],
  ],
  fitness: [
    ["One month unlimited classes", 40_000],
    ["Five personal training sessions", 50_000],
  ],
  fashion: [["₦20,000 to spend in store", 20_000]],
  electronics: [["Phone screen repair", 25_000]],
  groceries: [["₦10,000 shopping voucher", 10_000]],
  beauty: [["Bridal makeup trial", 30_000]],
};

/**
 * Voucher offers for the demo: every third business sells the vouchers of its kind at 15–40 %
 * off, half of them for 90 days after purchase and half until a fixed day, some with a limited
 * number on sale; a few are paused, so the console shows every state.
 */
export function generateVoucherOffers(
  random: Random,
  businessRows: ReadonlyArray<{ id?: string; categorySlug: string }>,
  now: number,
): Array<typeof voucherOffers.$inferInsert> {
  const rows: Array<typeof voucherOffers.$inferInsert> = [];
  businessRows.forEach((business, index) => {
    const templates = voucherTemplates[business.categorySlug] ?? [];
    if (index % 3 !== 0 || !business.id) return;
    for (const [title, valueNaira] of templates) {
      const n = rows.length;
      const discount = random.int(15, 40);
      const price = Math.round((valueNaira * (100 - discount)) / 100 / 100) * 100;
      const created = new Date(now - n * 3_600_000);
      const until = new Date(now + (3 + ((n * 11) % 100)) * 86_400_000);
      rows.push({
        id: newId("vof"),
        businessId: business.id,
        title,
        description: `${title} at its best: book ahead and enjoy it whenever suits you.`,
        valueKobo: valueNaira * 100,
        priceKobo: price * 100,
        validDays: n % 2 === 0 ? 90 : null,
        validUntil: n % 2 === 0 ? null : until.toISOString().slice(0, 10),
        totalQuantity: n % 3 === 0 ? 50 : null,
        perShopperLimit: n % 4 === 0 ? 2 : null,
        finePrint: "Book at least a day ahead. Not valid with other offers.",
        status: n % 7 === 6 ? "paused" : "active",
        createdAt: created,
        updatedAt: created,
      });
    }
  });
  return rows;
}

/**
 * Cross-promotions between neighbours: every other business in a city presents the next
 * business of another category in the same city, as /{business}/partners/{partner} shows.
 */
export function generatePartnerships(
  businessRows: ReadonlyArray<{ id?: string; name: string; city: string; categorySlug: string }>,
  now: number,
): Array<typeof partnerships.$inferInsert> {
  const byCity = new Map<string, typeof businessRows>();
  for (const row of businessRows) byCity.set(row.city, [...(byCity.get(row.city) ?? []), row]);
  const rows: Array<typeof partnerships.$inferInsert> = [];
  for (const inCity of byCity.values()) {
    inCity.forEach((business, index) => {
      if (index % 2 === 1 || !business.id) return;
      const partner = [...inCity.slice(index + 1), ...inCity.slice(0, index)].find(
        (other) => other.categorySlug !== business.categorySlug,
      );
      if (!partner?.id) return;
      const offer = partnerOffers[rows.length % partnerOffers.length] as string;
      rows.push({
        id: newId("prt"),
        businessId: business.id,
        partnerId: partner.id,
        offerTitle: offer,
        offerDetails: `A friend of ${business.name}? Get ${offer.charAt(0).toLowerCase()}${offer.slice(1)} at ${partner.name}. Show the code at the counter, or quote it when you order.`,
        offerCode: `OJA-${initials(business.name, 3)}${rows.length + 1}`,
        status: "active",
        createdAt: new Date(now - rows.length * 60_000),
        updatedAt: new Date(now - rows.length * 60_000),
      });
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The reward shop (issue 23, decision 056)

interface PlatformRewardSeed {
  kind: "airtime" | "data" | "partner_voucher";
  name: string;
  description: string;
  points: number;
  /** How many made-up codes its pool starts with (its stock). */
  codes: number;
  code: (random: Random) => string;
  perShopper?: number;
}

const digits = (random: Random, length: number) =>
  Array.from({ length }, () => random.int(0, 9)).join("");
const letters = (random: Random, length: number) =>
  Array.from({ length }, () => random.pick([..."ABCDEFGHJKMNPQRSTUVWXYZ23456789"])).join("");

/** Oja's own rewards: partners' codes (made up here, none of them loads anything). */
const platformRewardSeeds: PlatformRewardSeed[] = [
  {
    kind: "airtime",
    name: "₦500 MTN airtime",
    description: "A ₦500 MTN recharge PIN. Dial *311*PIN# from the MTN line you want to top up.",
    points: 500,
    codes: 20,
    code: (random) => digits(random, 16),
  },
  {
    kind: "airtime",
    name: "₦1,000 Airtel airtime",
    description: "A ₦1,000 Airtel recharge PIN. Dial *126*PIN# from your Airtel line.",
    points: 1_000,
    codes: 15,
    code: (random) => digits(random, 16),
  },
  {
    kind: "data",
    name: "1GB Glo data",
    description:
      "A 1GB Glo data PIN, good for 30 days once loaded. Dial *123*PIN# from your Glo line.",
    points: 800,
    codes: 12,
    code: (random) => digits(random, 15),
  },
  {
    kind: "partner_voucher",
    name: "₦2,000 off at Chicken Republic",
    description:
      "₦2,000 off an order of ₦5,000 or more at any Chicken Republic. Show the code at the counter, or enter it in their app. Valid for 60 days from when you redeem it.",
    points: 2_000,
    codes: 10,
    code: (random) => `CR-${letters(random, 4)}-${letters(random, 4)}`,
    perShopper: 2,
  },
  {
    kind: "partner_voucher",
    name: "₦5,000 Jumia voucher",
    description:
      "₦5,000 off your next Jumia order of ₦15,000 or more. Enter the code at Jumia's checkout. One per order.",
    points: 5_000,
    codes: 3,
    code: (random) => `JUM${letters(random, 9)}`,
    perShopper: 1,
  },
];

/** Rewards a business of each kind offers for points, at its till. */
const businessRewardSeeds: Record<
  string,
  { name: string; description: string; points: number; stock: number | null; perShopper?: number }
> = {
  "spas-wellness": {
    name: "Free manicure",
    description:
      "A classic manicure on the house. Book ahead and show your code at the front desk.",
    points: 1_500,
    stock: 25,
    perShopper: 1,
  },
  "salons-barbers": {
    name: "Free haircut",
    description: "Any haircut on the house, wash included. Show your code before your cut.",
    points: 2_000,
    stock: null,
  },
  restaurants: {
    name: "Small chops platter",
    description:
      "Puff-puff, samosa, spring rolls and peppered gizzard for two. Show your code when you order.",
    points: 1_200,
    stock: 8,
    perShopper: 2,
  },
  fitness: {
    name: "Free day pass",
    description: "A day in the gym and any class on the timetable. Show your code at reception.",
    points: 700,
    stock: null,
    perShopper: 1,
  },
};

/**
 * The reward shop's demo stock: Oja's own rewards with pools of made-up partner codes, and one
 * reward from the first business of four kinds. The codes come from their own seeded PRNG, so
 * adding the shop left every other demo row as it was. Business rewards carry their business's
 * category slug; the caller files them under its id.
 */
export function generateRewards(
  businessRows: ReadonlyArray<{ id?: string; categorySlug: string }>,
  now: number,
): {
  rewardRows: Array<typeof rewards.$inferInsert & { categorySlug: string | null }>;
  codeRows: Array<typeof rewardCodes.$inferInsert>;
} {
  const random = createRandom(demoSeed + 23);
  const startsOn = lagosToday(new Date(now));
  const rewardRows: Array<typeof rewards.$inferInsert & { categorySlug: string | null }> = [];
  const codeRows: Array<typeof rewardCodes.$inferInsert> = [];
  const created = () => new Date(now - rewardRows.length * 3_600_000);
  for (const seed of platformRewardSeeds) {
    const id = newId("rwd");
    const codes = new Set<string>();
    while (codes.size < seed.codes) codes.add(seed.code(random));
    const at = created();
    rewardRows.push({
      id,
      businessId: null,
      categorySlug: null,
      kind: seed.kind,
      name: seed.name,
      description: seed.description,
      pointsCost: seed.points,
      stock: codes.size,
      perShopperLimit: seed.perShopper ?? null,
      startsOn,
      createdAt: at,
      updatedAt: at,
    });
    for (const code of codes)
      codeRows.push({ id: newId("rwc"), rewardId: id, code, createdAt: at });
  }
  for (const [categorySlug, seed] of Object.entries(businessRewardSeeds)) {
    const business = businessRows.find((row) => row.categorySlug === categorySlug && row.id);
    if (!business?.id) continue;
    const at = created();
    rewardRows.push({
      id: newId("rwd"),
      businessId: business.id,
      categorySlug,
      kind: "business",
      name: seed.name,
      description: seed.description,
      pointsCost: seed.points,
      stock: seed.stock,
      perShopperLimit: seed.perShopper ?? null,
      startsOn,
      createdAt: at,
      updatedAt: at,
    });
  }
  return { rewardRows, codeRows };
}

// ---------------------------------------------------------------------------------------------
// Delivery and pickup (decision 021)

export interface DeliveryDraft {
  pickupHours: string;
  freeDeliveryFromKobo: number | null;
  areas: Array<{ city: string; area: string; feeKobo: number; estimate: string }>;
}

const naira = (amount: number) => amount * 100;

/**
 * How a demo business hands its orders over, by its kind and place: every one delivers across
 * its own city; kitchens and grocers are cheaper and faster in their own area and free above an
 * amount; shops also send to Lagos or Abuja. Drawn from nothing random, so adding it left every
 * other demo row as it was.
 */
export function generateDelivery(
  draft: Pick<BusinessDraft, "categorySlug" | "city" | "area">,
): DeliveryDraft {
  const { city, area } = draft;
  const otherCity = city === "Lagos" ? "Abuja" : "Lagos";
  switch (draft.categorySlug) {
    case "restaurants":
      return {
        pickupHours: "",
        freeDeliveryFromKobo: naira(25_000),
        areas: [
          { city, area, feeKobo: naira(800), estimate: "Within 2 hours" },
          { city, area: "", feeKobo: naira(2_000), estimate: "Same day" },
        ],
      };
    case "groceries":
      return {
        pickupHours: "",
        freeDeliveryFromKobo: naira(30_000),
        areas: [
          { city, area, feeKobo: naira(500), estimate: "Same day" },
          { city, area: "", feeKobo: naira(1_500), estimate: "Same day" },
        ],
      };
    case "fashion":
    case "electronics":
    case "beauty":
      return {
        pickupHours: "",
        freeDeliveryFromKobo: naira(
          draft.categorySlug === "electronics"
            ? 100_000
            : draft.categorySlug === "fashion"
              ? 50_000
              : 20_000,
        ),
        areas: [
          { city, area: "", feeKobo: naira(2_000), estimate: "1–2 days" },
          { city: otherCity, area: "", feeKobo: naira(4_500), estimate: "2–4 days" },
        ],
      };
    default:
      return {
        pickupHours: "At the front desk, during opening hours",
        freeDeliveryFromKobo: null,
        areas: [{ city, area: "", feeKobo: naira(1_500), estimate: "1–2 days" }],
      };
  }
}

// ---------------------------------------------------------------------------------------------
// The demo seed

const demoSeed = 20_240_614;
const demoBusinessesPerCategory = 6;
const demoProductsPerBusiness = 10;
const batchSize = 500;
/** Cities in proportion to how busy they are on Oja; walked with a stride so each category spreads. */
const demoCityPattern = [
  "Lagos",
  "Abuja",
  "Lagos",
  "Port Harcourt",
  "Lagos",
  "Ibadan",
  "Abuja",
  "Kano",
  "Lagos",
  "Enugu",
  "Benin City",
  "Lagos",
];

export interface SeedProgress {
  onProgress?(done: number, total: number): void;
}

/**
 * Fills an empty database with 48 businesses in 7 cities, 480 products, collections, a picture
 * for everything, voucher offers and the reward shop's rewards. All rows go in one transaction; the pictures are rendered while the
 * rows are written, and removed again if anything fails.
 */
export async function seedDemo(
  db: Database,
  options: { media: MediaStore } & SeedProgress,
): Promise<{ businesses: number; products: number }> {
  if (!(await isCatalogEmpty(db))) {
    throw new SeedError(
      "The demo seed only fills an empty database, and this one already has businesses or products.",
    );
  }
  const random = createRandom(demoSeed);
  const now = Date.now();

  const used = { names: new Set<string>(), slugs: new Set<string>() };
  const cityByName = new Map(seedCities.map((city) => [city.name, city]));
  const jobs: RenderJob[] = [];
  const imageRows: Array<typeof images.$inferInsert> = [];
  const businessRows: Array<typeof businesses.$inferInsert & { categorySlug: string }> = [];
  const productRows: Array<typeof products.$inferInsert> = [];
  const productImageRows: Array<typeof productImages.$inferInsert> = [];
  const collectionRows: Array<typeof collections.$inferInsert> = [];
  const collectionProductRows: Array<typeof collectionProducts.$inferInsert> = [];
  const deliverySettingRows: Array<typeof deliverySettings.$inferInsert> = [];
  const deliveryAreaRows: Array<typeof deliveryAreas.$inferInsert> = [];

  const addImage = (
    kind: keyof typeof imageSizes,
    file: string,
    alt: string,
    art: Omit<Art, "width" | "height">,
  ) => {
    const id = newId("img");
    const relative = `seed/${file}.webp`;
    const size = imageSizes[kind];
    imageRows.push({ id, path: relative, ...size, alt });
    jobs.push({ ...art, ...size, path: relative });
    return id;
  };

  let index = 0;
  for (const category of seedCategories) {
    for (let k = 0; k < demoBusinessesPerCategory; k++, index++) {
      const cityName = demoCityPattern[(index * 5) % demoCityPattern.length] as string;
      const city = cityByName.get(cityName) as CitySeed;
      const draft = generateBusiness(random, category, city, used, now);
      const businessId = newId("biz");
      const variant = random.int(0, 3);
      const logoImageId = addImage("logo", `${businessId}-logo`, `${draft.name} logo`, {
        color: draft.brandColor,
        label: initials(draft.name),
        caption: "",
        variant,
      });
      const coverImageId = addImage(
        "cover",
        `${businessId}-cover`,
        `${draft.name}, ${draft.area}, ${draft.city}`,
        {
          color: draft.brandColor,
          label: draft.name,
          caption: draft.tagline,
          variant,
        },
      );
      businessRows.push({
        id: businessId,
        categoryId: "",
        categorySlug: category.slug,
        slug: draft.slug,
        name: draft.name,
        tagline: draft.tagline,
        description: draft.description,
        city: draft.city,
        address: draft.address,
        phone: draft.phone,
        email: draft.email,
        brandColor: draft.brandColor,
        logoImageId,
        coverImageId,
        hours: draft.hours,
        status: "active",
        createdAt: draft.createdAt,
        updatedAt: draft.createdAt,
      });

      const handover = generateDelivery(draft);
      deliverySettingRows.push({
        businessId,
        pickupHours: handover.pickupHours,
        freeDeliveryFromKobo: handover.freeDeliveryFromKobo,
      });
      handover.areas.forEach((area, position) => {
        deliveryAreaRows.push({ businessId, position, ...area });
      });

      const drafts = generateProducts(random, category, draft, demoProductsPerBusiness, now);
      const productIds = drafts.map(() => newId("prd"));
      drafts.forEach((product, i) => {
        const productId = productIds[i] as string;
        productRows.push({
          id: productId,
          businessId,
          slug: product.slug,
          name: product.name,
          description: product.description,
          priceKobo: product.priceKobo,
          compareAtKobo: product.compareAtKobo,
          sizes: product.sizes,
          stock: product.stock,
          tags: product.tags,
          status: "active",
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        });
        const imageId = addImage("product", productId, `${product.name} from ${draft.name}`, {
          color: draft.brandColor,
          label: initials(product.name),
          caption: product.name,
          variant: variant + i,
        });
        productImageRows.push({ productId, imageId, position: 0 });
      });

      const generated = collectionRowsFor(random, { ...draft, id: businessId }, drafts, productIds);
      collectionRows.push(...generated.collectionRows);
      collectionProductRows.push(...generated.memberRows);
    }
  }

  const partnershipRows = generatePartnerships(businessRows, now);
  const voucherOfferRows = generateVoucherOffers(random, businessRows, now);
  const { rewardRows, codeRows } = generateRewards(businessRows, now);
  const rowCount =
    partnershipRows.length +
    voucherOfferRows.length +
    rewardRows.length +
    codeRows.length +
    imageRows.length +
    businessRows.length +
    productRows.length +
    productImageRows.length +
    collectionRows.length +
    collectionProductRows.length +
    deliverySettingRows.length +
    deliveryAreaRows.length;
  const total = jobs.length + rowCount;
  let done = 0;
  const advance = (by: number) => {
    done += by;
    options.onProgress?.(done, total);
  };

  const control = { stopped: false };
  const rendering = renderAll(options.media, jobs, () => advance(1), control);
  // Awaited inside the transaction below; this keeps an early failure from going unhandled.
  rendering.catch(() => {});
  try {
    await db.transaction(async (tx) => {
      const categoryIds = await ensureCategories(tx);
      const write = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) =>
        insertInBatches(rows, batchSize, async (batch) => {
          await insert(batch);
          advance(batch.length);
        });
      await write(imageRows, (batch) => tx.insert(images).values(batch));
      await write(
        businessRows.map(({ categorySlug, ...row }) => ({
          ...row,
          categoryId: categoryIds.get(categorySlug) as string,
        })),
        (batch) => tx.insert(businesses).values(batch),
      );
      await write(deliverySettingRows, (batch) => tx.insert(deliverySettings).values(batch));
      await write(deliveryAreaRows, (batch) => tx.insert(deliveryAreas).values(batch));
      await write(productRows, (batch) => tx.insert(products).values(batch));
      await write(productImageRows, (batch) => tx.insert(productImages).values(batch));
      await write(collectionRows, (batch) => tx.insert(collections).values(batch));
      await write(collectionProductRows, (batch) => tx.insert(collectionProducts).values(batch));
      await write(partnershipRows, (batch) => tx.insert(partnerships).values(batch));
      await write(voucherOfferRows, (batch) => tx.insert(voucherOffers).values(batch));
      await write(
        rewardRows.map(({ categorySlug, ...row }) => ({
          ...row,
          categoryId: categorySlug ? (categoryIds.get(categorySlug) ?? null) : null,
        })),
        (batch) => tx.insert(rewards).values(batch),
      );
      await write(codeRows, (batch) => tx.insert(rewardCodes).values(batch));
      await rendering;
    });
  } catch (error) {
    control.stopped = true;
    await rendering.catch(() => {});
    await options.media.remove(jobs.map((job) => job.path));
    throw error;
  }
  // Planner statistics for the new rows: PGlite never gathers them by itself (no autovacuum),
  // and without them search plans are up to 10× slower (bench/README.md).
  await db.execute(sql`analyze`);
  return { businesses: businessRows.length, products: productRows.length };
}
