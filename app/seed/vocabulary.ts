import type { Random } from "./demo.server.ts";

/**
 * Word lists for the benchmark seed (issue 17): names a Nigerian shopper would recognise, built
 * from per-category parts so 100,000 or 300,000 products have thousands of distinct names that
 * still share words ("ankara", "jollof", "massage" match many) and carry words people misspell
 * ("agbada", "moisturiser", "egusi"). The demo seed keeps its own hand-written lists.
 *
 * Brands and businesses are invented; none is meant to be a real trademark.
 */

/** One sellable thing: its name, price range in whole naira and the group it belongs to. */
export type Item = readonly [name: string, min: number, max: number, group: string];

export interface ItemGroup {
  /** Words before the item: materials, flavours, styles. */
  styles: readonly string[];
  /** `{item} with {extra}`: sides, add-ons, finishes. */
  extras: readonly string[];
  /** `({size})` in the name: portions, lengths, capacities, durations. */
  sizes: readonly string[];
  /** The choices a buyer picks from at checkout (the product's `sizes`). */
  options: readonly string[];
}

export interface CategoryVocabulary {
  /** The demo category (seedCategories) this vocabulary is for. */
  slug: string;
  /** Makers and house labels, used by `{brand}`. */
  brands: readonly string[];
  items: readonly Item[];
  groups: Readonly<Record<string, ItemGroup>>;
  /**
   * Product names: `{brand}`, `{style}`, `{item}`, `{extra}`, `{size}`. A pattern is used only
   * when the item's group has every part it needs, so each category keeps a bare `{item}`.
   */
  patterns: readonly string[];
  /** Business names: what the business is ("Day Spa", "Kitchen") and words it is named after. */
  kinds: readonly string[];
  words: readonly string[];
}

const group = (
  styles: readonly string[],
  extras: readonly string[] = [],
  sizes: readonly string[] = [],
  options: readonly string[] = [],
): ItemGroup => ({ styles, extras, sizes, options });

const clothing = ["S", "M", "L", "XL", "XXL"];
const shoeSizes = ["39", "40", "41", "42", "43", "44", "45"];

// biome-ignore format: the lists read best packed
export const vocabularies: readonly CategoryVocabulary[] = [
  {
    slug: "spas-wellness",
    brands: ["Alafia", "Omi", "Ewa", "Zuri", "Amani", "Itura", "Ayo", "Sisi", "Ife", "Orisun", "Ikenga", "Adanna"],
    items: [
      ["Swedish Massage", 18_000, 35_000, "massage"], ["Deep Tissue Massage", 25_000, 45_000, "massage"],
      ["Hot Stone Massage", 30_000, 55_000, "massage"], ["Aromatherapy Massage", 22_000, 40_000, "massage"],
      ["Prenatal Massage", 25_000, 40_000, "massage"], ["Sports Massage", 25_000, 45_000, "massage"],
      ["Couples Massage", 60_000, 120_000, "massage"], ["Back Massage", 10_000, 20_000, "massage"],
      ["Foot Reflexology", 10_000, 20_000, "massage"], ["Lymphatic Drainage Massage", 30_000, 50_000, "massage"],
      ["Facial", 15_000, 40_000, "facial"], ["Hydrating Facial", 18_000, 35_000, "facial"],
      ["Acne Clearing Facial", 20_000, 38_000, "facial"], ["Chemical Peel", 25_000, 60_000, "facial"],
      ["Microdermabrasion", 25_000, 55_000, "facial"], ["Body Polish", 20_000, 35_000, "body"],
      ["Body Scrub", 15_000, 30_000, "body"], ["Body Wrap", 25_000, 45_000, "body"],
      ["Hammam", 35_000, 70_000, "body"], ["Steam and Sauna Session", 8_000, 15_000, "body"],
      ["Manicure and Pedicure", 8_000, 18_000, "body"], ["Waxing", 6_000, 25_000, "body"],
      ["Spa Day Package", 80_000, 180_000, "package"], ["Bridal Glow Package", 90_000, 200_000, "package"],
      ["Birthday Spa Package", 60_000, 150_000, "package"], ["Mum-to-Be Package", 70_000, 140_000, "package"],
    ],
    groups: {
      massage: group(["Relaxing", "Signature", "Express", "Full Body", "Therapeutic", "Intense", "Gentle", "Ultimate", "Classic", "Harmattan"],
        ["Hot Stones", "Shea Butter", "Lemongrass Oil", "Eucalyptus Oil", "Cupping", "Foot Soak", "Scalp Massage", "Ginger Tea"],
        ["30 min", "45 min", "60 min", "75 min", "90 min", "120 min"]),
      facial: group(["Signature", "Express", "Brightening", "Deep Cleansing", "Anti-Ageing", "Oxygen", "Gold", "Vitamin C", "Turmeric", "Charcoal"],
        ["Extraction", "LED Therapy", "Jelly Mask", "Neck Massage", "Eye Treatment", "High Frequency"],
        ["30 min", "45 min", "60 min", "90 min"]),
      body: group(["Shea Butter", "Coffee", "Coconut", "Black Soap", "Brown Sugar", "Detox", "Moroccan", "Seaweed", "Honey", "Cocoa"],
        ["Steam", "Foot Massage", "Hair Wash", "Paraffin Wax", "Body Butter"],
        ["30 min", "45 min", "60 min", "90 min"]),
      package: group(["Half-Day", "Full-Day", "Weekend", "Luxury", "Mini", "Royal", "Couples"],
        ["Lunch", "Champagne", "Zobo and Fruit", "Pool Access", "Photoshoot"],
        ["1 person", "2 people", "4 people", "3 hours", "5 hours"]),
    },
    patterns: ["{item}", "{style} {item}", "{item} ({size})", "{style} {item} ({size})", "{item} with {extra}",
      "{style} {item} with {extra}", "{item} with {extra} ({size})", "{brand} {style} {item}", "{brand} {item} ({size})"],
    kinds: ["Spa", "Day Spa", "Spa & Wellness", "Wellness Lounge", "Massage Studio", "Retreat", "Wellness Centre", "Skin Clinic", "Body Bar", "Spa Lounge"],
    words: ["Serenity", "Oasis", "Alafia", "Omi", "Ewa", "Ivory", "Amani", "Tranquil", "Palm Grove", "Zuri", "Lotus", "Sapphire", "Olive", "Haven",
      "Itura", "Calm", "Bliss", "Harmony", "Still Waters", "Jasmine", "Aloe", "Ori", "Nirvana", "Emerald", "Sandalwood", "Lagoon", "Pearl", "Orchid"],
  },
  {
    slug: "salons-barbers",
    brands: ["Adunni", "Kinky Crown", "Tress Queen", "Sleek Lagos", "Coils Co", "Irun", "Ori Oke", "Halo Hair", "Ebony Roots", "Gidi Hair"],
    items: [
      ["Knotless Braids", 25_000, 60_000, "braids"], ["Box Braids", 20_000, 45_000, "braids"], ["Passion Twists", 25_000, 50_000, "braids"],
      ["Senegalese Twists", 22_000, 45_000, "braids"], ["Ghana Weaving", 10_000, 25_000, "braids"], ["Shuku", 8_000, 20_000, "braids"],
      ["Cornrows", 6_000, 18_000, "braids"], ["Fulani Braids", 18_000, 40_000, "braids"], ["Faux Locs", 25_000, 55_000, "braids"],
      ["Didi", 5_000, 12_000, "braids"], ["Crochet Braids", 15_000, 30_000, "braids"], ["Threading", 4_000, 10_000, "braids"],
      ["Frontal Wig Install", 15_000, 35_000, "wigs"], ["Closure Wig Install", 10_000, 25_000, "wigs"], ["Wig Revamp", 8_000, 20_000, "wigs"],
      ["Human Hair Wig", 120_000, 450_000, "wigs"], ["Bob Wig", 60_000, 180_000, "wigs"], ["Wig Colouring", 10_000, 30_000, "wigs"],
      ["Silk Press", 12_000, 25_000, "care"], ["Relaxer Retouch", 8_000, 15_000, "care"], ["Wash and Set", 5_000, 12_000, "care"],
      ["Deep Conditioning", 6_000, 12_000, "care"], ["Hair Colour", 15_000, 45_000, "care"], ["Loc Retwist", 10_000, 25_000, "care"],
      ["Haircut", 3_000, 10_000, "barber"], ["Beard Trim", 2_000, 6_000, "barber"], ["Low Cut", 2_500, 7_000, "barber"],
      ["Skin Fade", 4_000, 10_000, "barber"], ["Hot Towel Shave", 5_000, 12_000, "barber"], ["Kids' Haircut", 2_000, 5_000, "barber"],
      ["Gele Tying", 5_000, 15_000, "occasion"], ["Bridal Hair", 40_000, 120_000, "occasion"], ["Owambe Updo", 15_000, 40_000, "occasion"],
    ],
    groups: {
      braids: group(["Small", "Medium", "Large", "Jumbo", "Boho", "Goddess", "Stitch", "Feed-in", "Bob", "Triangle", "Lemonade", "Tribal"],
        ["Curly Ends", "Beads", "Cuffs", "Attachments", "Human Hair Curls", "Baby Hair"],
        ["Shoulder Length", "Mid-Back", "Waist Length", "Bum Length", "Knee Length"]),
      wigs: group(["Bone-Straight", "Body Wave", "Deep Wave", "Kinky Straight", "Pixie", "Burgundy", "Honey Blonde", "Jet Black", "Glueless", "HD Lace"],
        ["Bleached Knots", "Plucked Hairline", "Baby Hair", "Free Styling"],
        ["10 inch", "12 inch", "14 inch", "16 inch", "18 inch", "20 inch", "24 inch", "30 inch"], ["12 inch", "16 inch", "20 inch"]),
      care: group(["Natural Hair", "Protein", "Moisture", "Keratin", "Steam", "Argan Oil", "Chebe", "Scalp Detox"],
        ["Trim", "Blow-Dry", "Steam", "Scalp Massage", "Treatment"], ["Short Hair", "Medium Hair", "Long Hair", "Full Head", "Edges Only"]),
      barber: group(["Classic", "Executive", "Sharp", "Clean", "Gentleman's", "Royal", "Express", "Home Service"],
        ["Beard Dye", "Hot Towel", "Line-Up", "Waves Brushing", "Shampoo"], ["Adult", "Kids", "Father and Son"]),
      occasion: group(["Owambe", "Bridal", "Traditional Wedding", "Aso Ebi", "Birthday", "Engagement"],
        ["Gele", "Makeup", "Trial Session", "Home Service"], ["1 person", "Bride and Mother", "Bridal Party of 5"]),
    },
    patterns: ["{item}", "{style} {item}", "{style} {item} ({size})", "{item} with {extra}", "{style} {item} with {extra}",
      "{style} {item} with {extra} ({size})", "{item} ({size})", "{brand} {style} {item}"],
    kinds: ["Hair Studio", "Hair Salon", "Braids & Beauty", "Barbershop", "Cuts", "Hair Palace", "Unisex Salon", "Braiding Centre", "Hair Lounge", "Barbing Saloon"],
    words: ["Crown", "Glory", "Kinks", "Tresses", "Royal", "Sleek", "Halo", "Kings", "Queens", "Afro", "Ebony", "Coils",
      "Fresh", "Sharp", "Gentry", "Strands", "Curls", "Majesty", "Diva", "Baller", "Finesse", "Edges", "Braidville", "Classic"],
  },
  {
    slug: "restaurants",
    brands: ["Iya Basira's", "Mama Put", "Buka", "Mama Ronke's", "Chief's", "Madam Kofo's", "Aunty Ngozi's", "Mallam's", "Bukka Hut", "Amala Joint"],
    items: [
      ["Jollof Rice", 3_000, 8_500, "rice"], ["Fried Rice", 3_500, 9_000, "rice"], ["Ofada Rice", 4_000, 9_000, "rice"],
      ["Coconut Rice", 3_500, 9_000, "rice"], ["White Rice and Stew", 2_500, 7_000, "rice"], ["Native Rice", 3_500, 8_000, "rice"],
      ["Spaghetti Jollof", 2_500, 6_000, "rice"], ["Beans and Plantain", 2_000, 5_000, "rice"], ["Yam Porridge", 2_500, 6_000, "rice"],
      ["Pounded Yam and Egusi", 4_500, 9_500, "swallow"], ["Amala and Ewedu", 3_000, 7_500, "swallow"], ["Eba and Okra Soup", 3_000, 7_000, "swallow"],
      ["Semo and Efo Riro", 3_500, 7_500, "swallow"], ["Fufu and Oha Soup", 4_000, 9_000, "swallow"], ["Starch and Banga Soup", 5_000, 10_000, "swallow"],
      ["Tuwo Shinkafa and Miyan Kuka", 3_000, 6_500, "swallow"], ["Eba and Ogbono Soup", 3_000, 7_500, "swallow"], ["Afang Soup", 5_000, 11_000, "swallow"],
      ["Edikang Ikong", 5_000, 12_000, "swallow"], ["Pepper Soup", 4_000, 9_000, "swallow"],
      ["Suya", 2_000, 8_000, "grill"], ["Asun", 4_000, 12_000, "grill"], ["Nkwobi", 5_000, 12_000, "grill"], ["Isi Ewu", 6_000, 14_000, "grill"],
      ["Grilled Fish", 8_000, 25_000, "grill"], ["Kilishi", 3_000, 9_000, "grill"], ["Small Chops", 6_000, 35_000, "grill"],
      ["Moi Moi", 1_000, 3_500, "grill"], ["Akara", 1_000, 3_000, "grill"], ["Puff Puff", 1_000, 3_000, "grill"],
      ["Chapman", 2_000, 4_500, "drinks"], ["Zobo", 1_000, 3_000, "drinks"], ["Kunu", 1_000, 3_000, "drinks"],
      ["Palm Wine", 2_000, 5_000, "drinks"], ["Fura da Nono", 1_500, 3_500, "drinks"], ["Tiger Nut Milk", 1_500, 3_500, "drinks"],
    ],
    groups: {
      rice: group(["Party", "Smoky", "Firewood", "Native", "Spicy", "Village", "Mama's", "Special", "Executive", "Peppered"],
        ["Fried Plantain", "Dodo", "Grilled Chicken", "Peppered Turkey", "Goat Meat", "Beef", "Moi Moi", "Coleslaw", "Boiled Egg", "Croaker Fish",
          "Assorted Meat", "Gizzard", "Salad", "Ponmo", "Titus Fish", "Ayamase Sauce"],
        ["Regular", "Large", "Takeaway Pack", "Family Pack", "Half Cooler", "Cooler", "Party Tray", "Portion for 2"]),
      swallow: group(["Native", "Village", "Correct", "Spicy", "Mama's", "Special", "Party"],
        ["Assorted Meat", "Goat Meat", "Beef", "Ponmo", "Stockfish", "Dry Fish", "Snail", "Cow Leg", "Catfish", "Shaki", "Periwinkle"],
        ["1 wrap", "2 wraps", "Regular", "Large", "Family Bowl", "Litre Pack"]),
      grill: group(["Spicy", "Peppered", "Smoky", "Suya-Spiced", "Party", "Mixed", "Beef", "Chicken", "Ram", "Gizzard"],
        ["Onions and Pepper", "Yaji", "Fried Yam", "Plantain", "Chilled Drink", "Dipping Sauce"],
        ["Small", "Medium", "Large", "Half Tray", "Full Tray", "50 pieces", "100 pieces", "Party Pack"]),
      drinks: group(["Chilled", "Homemade", "Ginger", "Pineapple", "Spiced", "Fresh", "Sugar-Free", "Party"],
        ["Ginger", "Cucumber", "Pineapple", "Mint", "Lime"], ["35cl", "50cl", "1 litre", "2 litres", "5 litres"], ["35cl", "50cl"]),
    },
    patterns: ["{item}", "{item}", "{item} with {extra}", "{item} with {extra}", "{style} {item}", "{style} {item} with {extra}",
      "{item} ({size})", "{style} {item} ({size})", "{item} with {extra} ({size})", "{brand} {item}", "{brand} {style} {item} with {extra}"],
    kinds: ["Kitchen", "Restaurant", "Buka", "Eatery", "Grill House", "Suya Spot", "Bistro", "Canteen", "Food Hub", "Chops", "Place", "Cafe"],
    words: ["Mama's", "Jollof", "Pepper", "Calabash", "Iya Eba", "Abula", "Suya", "Ofada", "Native", "Village", "Correct", "Yellow Chilli",
      "Nkwobi", "Bukka", "Amala", "Tasty", "Spice Route", "Golden Spoon", "Kilishi", "Fisherman's", "Ukodo", "Harmattan", "Palmwine", "Chop Life"],
  },
  {
    slug: "fitness",
    brands: ["Gidi Fit", "Ironside", "Ajala Sport", "Sabo Strength", "Kanu Athletics", "FitNaija", "Eko Muscle", "Arewa Active", "Jollof Runners", "Lekki Lifts"],
    items: [
      ["Membership", 15_000, 450_000, "membership"], ["Day Pass", 3_000, 7_500, "membership"], ["Week Pass", 10_000, 20_000, "membership"],
      ["Personal Training", 10_000, 25_000, "training"], ["Nutrition Consultation", 15_000, 35_000, "training"], ["Body Composition Scan", 5_000, 12_000, "training"],
      ["Weight Loss Programme", 60_000, 200_000, "training"], ["Physiotherapy Session", 15_000, 40_000, "training"],
      ["Yoga Class", 5_000, 12_000, "class"], ["HIIT Bootcamp", 4_000, 10_000, "class"], ["Spinning Class", 4_000, 9_000, "class"],
      ["Boxing Class", 6_000, 15_000, "class"], ["Pilates Session", 15_000, 30_000, "class"], ["Afrobeats Dance Workout", 3_500, 8_000, "class"],
      ["Zumba Class", 3_500, 8_000, "class"], ["Swimming Lessons", 10_000, 30_000, "class"], ["Taekwondo Class", 6_000, 15_000, "class"],
      ["Dumbbells", 8_000, 60_000, "gear"], ["Kettlebell", 10_000, 45_000, "gear"], ["Skipping Rope", 2_500, 8_000, "gear"],
      ["Resistance Bands", 6_000, 18_000, "gear"], ["Yoga Mat", 6_000, 20_000, "gear"], ["Gym Towel", 3_000, 8_000, "gear"],
      ["Shaker Bottle", 2_500, 7_000, "gear"], ["Whey Protein", 35_000, 90_000, "gear"], ["Gym Gloves", 4_000, 12_000, "gear"],
      ["Training T-Shirt", 8_000, 18_000, "wear"], ["Joggers", 10_000, 25_000, "wear"], ["Sports Bra", 7_000, 18_000, "wear"],
      ["Running Shorts", 6_000, 15_000, "wear"], ["Compression Leggings", 9_000, 22_000, "wear"],
    ],
    groups: {
      membership: group(["Monthly", "Quarterly", "Annual", "Student", "Couples", "Off-Peak", "Corporate", "All-Access", "Weekend"],
        ["Pool Access", "Sauna Access", "Free Assessment", "Locker", "Two Guest Passes"], ["1 month", "3 months", "6 months", "12 months"]),
      training: group(["One-on-One", "Home", "Online", "Couples", "Senior", "Post-Natal", "Beginner", "Advanced"],
        ["Meal Plan", "Progress Check-In", "Body Scan", "Weekly Call"], ["1 session", "5 sessions", "10 sessions", "20 sessions", "4 weeks", "12 weeks"]),
      class: group(["Morning", "Evening", "Beginner", "Advanced", "Ladies-Only", "Kids", "Weekend", "Beach", "Hot"],
        ["Cool-Down Stretch", "Smoothie", "Mat Hire"], ["1 class", "5 classes", "10 classes", "Monthly Pass"]),
      gear: group(["Rubber", "Vinyl", "Adjustable", "Heavy-Duty", "Non-Slip", "Chocolate", "Vanilla", "Strawberry", "Pro", "Home"],
        [], ["2kg", "5kg", "8kg", "10kg", "16kg", "20kg", "1kg", "2.27kg", "700ml", "1 litre", "Pair", "Set of 5"]),
      wear: group(["Dri-Fit", "Cotton", "Seamless", "Ankara Trim", "Breathable", "Black", "Navy", "Olive", "Neon"], [], [], clothing),
    },
    patterns: ["{item}", "{style} {item}", "{style} {item} ({size})", "{item} ({size})", "{item} with {extra}",
      "{style} {item} with {extra}", "{brand} {item}", "{brand} {style} {item}", "{brand} {style} {item} ({size})"],
    kinds: ["Gym", "Fitness", "Fitness Centre", "Fitness Club", "Bootcamp", "Studio", "Yoga Studio", "Boxing Club", "Health Club", "Athletics"],
    words: ["Iron", "Pulse", "Power", "Beast Mode", "Flex", "Sweat", "Peak", "Titan", "Apex", "Lekki Lifts", "Zen", "Core", "Stamina",
      "Strong", "Jaguar", "Eagle", "Lion Heart", "Momentum", "Burn", "Vitality", "Endurance", "Agility", "Oke", "Ogun"],
  },
  {
    slug: "fashion",
    brands: ["Adire Lounge", "Kamsi", "Ebi Couture", "Zaria Looms", "Abeke", "Oluwa Threads", "Ije Atelier", "Oba Tailoring", "Ada Eze Studio",
      "Kano Kaftans", "Aso Republic", "Iyawo", "Bariga Boys", "Dunni Designs"],
    items: [
      ["Wrap Dress", 18_000, 55_000, "women"], ["Kaftan", 25_000, 75_000, "women"], ["Two-Piece Set", 25_000, 65_000, "women"],
      ["Iro and Buba", 35_000, 95_000, "women"], ["Palazzo Trousers", 15_000, 35_000, "women"], ["Maxi Dress", 20_000, 60_000, "women"],
      ["Peplum Top", 12_000, 30_000, "women"], ["Bubu Gown", 20_000, 55_000, "women"], ["Pencil Skirt", 12_000, 30_000, "women"],
      ["Jumpsuit", 20_000, 55_000, "women"], ["Kimono Jacket", 18_000, 45_000, "women"],
      ["Agbada", 85_000, 350_000, "men"], ["Senator Suit", 45_000, 150_000, "men"], ["Dashiki", 12_000, 30_000, "men"],
      ["Buba and Sokoto", 35_000, 90_000, "men"], ["Jalabiya", 25_000, 65_000, "men"], ["Kaftan Set", 30_000, 80_000, "men"],
      ["Bomber Jacket", 35_000, 85_000, "men"], ["Short-Sleeve Shirt", 12_000, 30_000, "men"], ["Isiagu Top", 25_000, 70_000, "men"],
      ["Gele", 10_000, 45_000, "accessory"], ["Fila", 5_000, 15_000, "accessory"], ["Bead Necklace", 15_000, 70_000, "accessory"],
      ["Clutch Bag", 12_000, 40_000, "accessory"], ["Bucket Hat", 5_000, 12_000, "accessory"], ["Head Wrap", 4_000, 12_000, "accessory"],
      ["Tote Bag", 8_000, 25_000, "accessory"], ["Bow Tie", 3_000, 8_000, "accessory"],
      ["Palm Slippers", 12_000, 35_000, "shoes"], ["Loafers", 25_000, 85_000, "shoes"], ["Sneakers", 30_000, 70_000, "shoes"],
      ["Sandals", 15_000, 40_000, "shoes"], ["Mules", 15_000, 40_000, "shoes"], ["Block Heels", 20_000, 50_000, "shoes"],
    ],
    groups: {
      women: group(["Ankara", "Adire", "Aso Oke", "Lace", "Kente", "Akwete", "George", "Chiffon", "Silk", "Linen", "Tie-Dye", "Sequin", "Velvet", "Batik"],
        ["Puff Sleeves", "Bell Sleeves", "Matching Gele", "Belt", "Pockets", "Fringe", "Stone Detail", "Head Tie"],
        [], clothing),
      men: group(["Ankara", "Adire", "Aso Oke", "Cashmere", "Kente", "Akwete", "George", "Linen", "Brocade", "Guinea", "Cotton", "Damask", "Isiagu"],
        ["Embroidery", "Matching Cap", "Hand Stitching", "Mandarin Collar", "Zip Front"],
        [], clothing),
      accessory: group(["Ankara", "Adire", "Aso Oke", "Coral", "Beaded", "Leather", "Raffia", "Kente", "Cowrie", "Gold-Tone", "Brass"],
        ["Coral Beads", "Cowries", "Tassels", "Gold Clasp"], ["Small", "Medium", "Large", "Set of 2", "Set of 3"]),
      shoes: group(["Leather", "Suede", "Ankara", "Beaded", "Handmade", "Aba-Made", "Patent", "Woven", "Canvas"],
        ["Cowrie Strap", "Brass Buckle", "Tassels", "Cushioned Sole"], [], shoeSizes),
    },
    patterns: ["{style} {item}", "{style} {item}", "{style} {item} with {extra}", "{brand} {style} {item}", "{brand} {item}",
      "{brand} {style} {item} with {extra}", "{style} {item} ({size})", "{brand} {style} {item} ({size})", "{item}"],
    kinds: ["Couture", "Fashion House", "Atelier", "Tailoring", "Fabrics", "Boutique", "Clothing", "Designs", "Wears", "Stitches", "Collection", "Threads"],
    words: ["Adire", "Ankara", "Aso Oke", "Kente", "Lace", "Ivory", "Ile", "Dunni", "Moremi", "Oba", "Iyawo", "Eko", "Amaka",
      "Couture Lane", "Needle", "Kaftan", "Tailor's", "Regal", "Heritage", "Indigo", "Brocade", "Akwete", "Balogun", "Zaria"],
  },
  {
    slug: "electronics",
    brands: ["Zenko", "Voltaris", "Kora", "Sabo Tech", "Okada Power", "Lumo", "Gidi", "Arewa Electric", "Nairavolt", "Ekotek", "Ogun Digital",
      "Bright Bulb", "Harmattan Audio", "Kwik"],
    items: [
      ["Smartphone", 60_000, 450_000, "phone"], ["Feature Phone", 10_000, 25_000, "phone"], ["Tablet", 80_000, 350_000, "phone"],
      ["Laptop", 180_000, 450_000, "phone"], ["Smartwatch", 25_000, 120_000, "phone"],
      ["Earbuds", 12_000, 45_000, "audio"], ["Bluetooth Speaker", 15_000, 85_000, "audio"], ["Headphones", 15_000, 75_000, "audio"],
      ["Soundbar", 60_000, 250_000, "audio"], ["Neckband Earphones", 6_000, 18_000, "audio"],
      ["Power Bank", 10_000, 35_000, "power"], ["Inverter", 150_000, 450_000, "power"], ["Solar Panel", 40_000, 180_000, "power"],
      ["Rechargeable Lantern", 8_000, 35_000, "power"], ["Extension Box", 5_000, 20_000, "power"], ["Stabiliser", 20_000, 90_000, "power"],
      ["Inverter Battery", 120_000, 400_000, "power"], ["Generator", 120_000, 450_000, "power"],
      ["Standing Fan", 25_000, 120_000, "home"], ["Smart TV", 120_000, 450_000, "home"], ["Electric Kettle", 12_000, 35_000, "home"],
      ["Blender", 20_000, 80_000, "home"], ["Microwave", 60_000, 180_000, "home"], ["Air Fryer", 45_000, 150_000, "home"],
      ["Pressing Iron", 8_000, 30_000, "home"], ["Chest Freezer", 180_000, 450_000, "home"], ["Air Conditioner", 250_000, 450_000, "home"],
      ["Charger", 4_000, 15_000, "accessory"], ["USB-C Cable", 2_000, 6_000, "accessory"], ["Screen Protector", 2_000, 6_000, "accessory"],
      ["Phone Case", 2_500, 9_000, "accessory"], ["Wireless Mouse", 5_000, 18_000, "accessory"], ["Keyboard", 8_000, 35_000, "accessory"],
      ["Screen Replacement", 20_000, 90_000, "repair"], ["Battery Replacement", 10_000, 35_000, "repair"], ["Laptop Repair", 15_000, 80_000, "repair"],
    ],
    groups: {
      phone: group(["Dual-SIM", "Refurbished", "UK-Used", "Brand New", "Slim", "Rugged", "5G", "Pro", "Lite", "Max", "Mini", "Gaming"],
        ["Free Case", "Screen Protector", "Fast Charger", "Earbuds", "1-Year Warranty"],
        ["32GB", "64GB", "128GB", "256GB", "512GB", "4GB RAM", "8GB RAM", "16GB RAM"], ["128GB", "256GB"]),
      audio: group(["Wireless", "Bluetooth", "Noise-Cancelling", "Waterproof", "Bass Boost", "Party", "Sports", "Portable", "Studio"],
        ["Charging Case", "Microphone", "FM Radio", "LED Lights", "Carry Bag"], ["10W", "20W", "40W", "100W", "2.1 Channel"]),
      power: group(["Solar", "Rechargeable", "Pure Sine Wave", "Fast-Charge", "Heavy-Duty", "Lithium", "Tubular", "Surge-Protected", "Silent"],
        ["LED Display", "Wheels", "Remote Control", "USB Ports", "2-Year Warranty"],
        ["10,000mAh", "20,000mAh", "30,000mAh", "1kVA", "1.5kVA", "2.5kVA", "3.5kVA", "5kVA", "100W", "200W", "4 sockets", "6 sockets", "200Ah"]),
      home: group(["Rechargeable", "Smart", "Inverter", "Energy-Saving", "Stainless Steel", "Digital", "Compact", "Double-Door", "Android", "Frameless"],
        ["Remote Control", "Wall Bracket", "Free Installation", "Timer", "Glass Jar"],
        ["18-inch", "24-inch", "32-inch", "43-inch", "55-inch", "65-inch", "1.7 litres", "1.5HP", "2HP", "200 litres", "300 litres"]),
      accessory: group(["Fast", "Braided", "Magnetic", "Tempered Glass", "Privacy", "Wireless", "Silicone", "Leather", "Transparent"],
        [], ["20W", "33W", "65W", "1m", "2m", "3m"]),
      repair: group(["Express", "Same-Day", "Original", "OEM", "Home Service"], ["Free Diagnosis", "30-Day Warranty"], []),
    },
    patterns: ["{item}", "{style} {item}", "{brand} {item}", "{brand} {style} {item}", "{brand} {item} ({size})",
      "{brand} {style} {item} ({size})", "{style} {item} ({size})", "{brand} {style} {item} with {extra}", "{style} {item} with {extra}"],
    kinds: ["Electronics", "Gadgets", "Phones", "Tech", "Power Solutions", "Digital World", "Phone Hub", "Gadget Store", "Solar", "Appliances"],
    words: ["Volt", "Circuit", "Pixel", "Spark", "Signal", "Bright", "Ikeja", "Computer Village", "Slot", "Byte", "Gigabyte", "Alaba", "Nexus",
      "Zenith", "Fusion", "Power House", "Current", "Kilowatt", "Light Up", "Plug", "Mega", "Smart", "Wire", "Ohm"],
  },
  {
    slug: "groceries",
    brands: ["Eko Pantry", "Ofada Valley", "Kwara Harvest", "Jos Plateau Farms", "Abakaliki Fields", "Sokoto Sun", "Oyo Farms", "Mama Titi's",
      "Iya Oloja", "Benue Basket", "Niger Delta Catch", "Kebbi Gold", "Ogbomosho Mills"],
    items: [
      ["Parboiled Rice", 15_000, 110_000, "grains"], ["Ofada Rice", 8_000, 60_000, "grains"], ["Honey Beans", 8_000, 40_000, "grains"],
      ["Brown Beans", 6_000, 35_000, "grains"], ["Garri", 3_000, 25_000, "grains"], ["Semolina", 5_000, 20_000, "grains"],
      ["Yam Flour", 4_000, 15_000, "grains"], ["Plantain Flour", 4_000, 15_000, "grains"], ["Spaghetti", 6_000, 20_000, "grains"],
      ["Noodles", 6_000, 16_000, "grains"], ["Corn Flour", 3_000, 12_000, "grains"], ["Millet", 3_000, 15_000, "grains"],
      ["Yam Tuber", 2_500, 9_000, "fresh"], ["Plantain", 2_500, 12_000, "fresh"], ["Tomatoes", 3_000, 25_000, "fresh"],
      ["Pepper Mix", 2_500, 8_000, "fresh"], ["Eggs", 3_500, 7_500, "fresh"], ["Onions", 2_500, 20_000, "fresh"],
      ["Ugu Leaves", 1_000, 3_000, "fresh"], ["Ewedu Leaves", 1_000, 3_000, "fresh"], ["Scent Leaves", 1_000, 2_500, "fresh"], ["Irish Potatoes", 3_000, 15_000, "fresh"],
      ["Palm Oil", 4_000, 35_000, "soup"], ["Groundnut Oil", 5_000, 30_000, "soup"], ["Egusi", 4_000, 18_000, "soup"],
      ["Ogbono", 4_000, 15_000, "soup"], ["Crayfish", 4_000, 18_000, "soup"], ["Stockfish", 8_000, 35_000, "soup"],
      ["Dry Fish", 5_000, 20_000, "soup"], ["Locust Beans", 1_500, 5_000, "soup"], ["Seasoning Cubes", 1_500, 6_000, "soup"],
      ["Evaporated Milk", 8_000, 22_000, "provisions"], ["Powdered Milk", 4_000, 18_000, "provisions"], ["Cocoa Beverage", 3_000, 12_000, "provisions"],
      ["Cornflakes", 3_000, 8_000, "provisions"], ["Sugar", 2_000, 10_000, "provisions"], ["Tea Bags", 1_500, 5_000, "provisions"],
      ["Malt Drink", 3_000, 8_000, "drinks"], ["Orange Juice", 1_500, 6_000, "drinks"], ["Table Water", 1_000, 4_000, "drinks"],
      ["Soft Drink", 2_000, 7_000, "drinks"], ["Zobo Leaves", 1_000, 3_500, "drinks"],
    ],
    groups: {
      grains: group(["Local", "Premium", "Stone-Free", "Long Grain", "Ijebu", "Yellow", "White", "Oloyin", "Iron-Rich", "Wholewheat", "Instant"],
        [], ["500g", "1kg", "2kg", "4kg", "5kg", "10kg", "25kg", "50kg Bag", "Paint Bucket", "Mudu", "Carton of 40"]),
      fresh: group(["Fresh", "Farm", "Organic", "Abuja", "Benue", "Jos", "Red", "Ripe", "Unripe", "Big", "Local"],
        [], ["Bunch", "Tuber", "Basket", "Half Basket", "Crate of 30", "Bag", "Paint Bucket", "1kg", "Tray"]),
      soup: group(["Pure", "Red", "Ground", "Whole", "Cleaned", "Smoked", "Premium", "Local", "Unrefined", "Refined", "Iru"],
        [], ["250g", "500g", "1kg", "1 litre", "3 litres", "5 litres", "25 litres", "Paint Bucket", "Mudu", "Pack of 100"]),
      provisions: group(["Full Cream", "Low Fat", "Instant", "Cube", "Granulated", "Chocolate", "Family"],
        [], ["400g", "500g", "900g", "Pack of 12", "Carton of 24", "Carton of 48", "Tin", "Sachet Pack"]),
      drinks: group(["Chilled", "Sugar-Free", "Fresh", "Pineapple", "Orange", "Apple", "Dried"],
        [], ["35cl", "50cl", "1 litre", "Pack of 6", "Pack of 12", "Pack of 24", "Crate", "500g"], ["35cl", "50cl"]),
    },
    patterns: ["{item} ({size})", "{item} ({size})", "{style} {item} ({size})", "{brand} {item} ({size})", "{brand} {style} {item} ({size})",
      "{style} {item}", "{item}", "{brand} {item}"],
    kinds: ["Foodstuff", "Stores", "Supermarket", "Provisions", "Mart", "Market", "Foods", "Mini Mart", "Farm Produce", "Wholesale"],
    words: ["Oja", "Balogun", "Mile 12", "Bodija", "Wuse", "Oyingbo", "Daily Needs", "Harvest", "Basket", "Pantry", "Abundance", "Bounty",
      "Fresh Farm", "Iya Oloja", "Kasuwa", "Ahia", "Ogbete", "Mama's", "Everyday", "Green Leaf", "Sunrise", "Village", "Ofada", "Garden"],
  },
  {
    slug: "beauty",
    brands: ["Ewa Naturals", "Alata Glow", "Melanin Lab", "Oyin Skin", "Zuri Beauty", "Adunni Botanicals", "Kemi's Kitchen Skin", "Sheabutter Sisters",
      "Glow Naija", "Omalicha", "Derin Cosmetics", "Bariga Beauty", "Oge"],
    items: [
      ["Shea Butter", 2_000, 8_000, "skin"], ["Black Soap", 1_500, 5_000, "skin"], ["Face Serum", 6_000, 25_000, "skin"],
      ["Moisturiser", 5_000, 18_000, "skin"], ["Sunscreen", 6_000, 22_000, "skin"], ["Face Mask", 3_000, 10_000, "skin"],
      ["Body Butter", 4_000, 12_000, "skin"], ["Body Lotion", 3_500, 12_000, "skin"], ["Toner", 4_000, 15_000, "skin"],
      ["Cleanser", 4_000, 15_000, "skin"], ["Body Oil", 3_500, 12_000, "skin"], ["Lip Balm", 1_500, 4_000, "skin"],
      ["Hair Growth Oil", 4_000, 15_000, "hair"], ["Coconut Oil", 2_500, 8_000, "hair"], ["Leave-In Conditioner", 4_000, 12_000, "hair"],
      ["Shampoo", 3_500, 12_000, "hair"], ["Edge Control", 2_000, 6_000, "hair"], ["Hair Butter", 3_000, 9_000, "hair"],
      ["Lipstick", 3_000, 12_000, "makeup"], ["Lip Gloss", 2_500, 8_000, "makeup"], ["Foundation", 8_000, 28_000, "makeup"],
      ["Concealer", 5_000, 15_000, "makeup"], ["Eyeshadow Palette", 6_000, 25_000, "makeup"], ["Setting Powder", 5_000, 15_000, "makeup"],
      ["Makeup Brush Set", 6_000, 25_000, "makeup"], ["Eyelashes", 2_000, 8_000, "makeup"], ["Eyebrow Pencil", 1_500, 5_000, "makeup"],
      ["Perfume Oil", 5_000, 25_000, "fragrance"], ["Eau de Parfum", 20_000, 120_000, "fragrance"], ["Body Mist", 5_000, 15_000, "fragrance"],
      ["Scented Candle", 5_000, 18_000, "fragrance"], ["Incense", 2_000, 8_000, "fragrance"],
      ["Bridal Makeup", 50_000, 150_000, "service"], ["Soft Glam Makeup", 15_000, 40_000, "service"], ["Lash Extensions", 12_000, 30_000, "service"],
      ["Makeup Class", 30_000, 80_000, "service"], ["Brow Lamination", 10_000, 25_000, "service"],
    ],
    groups: {
      skin: group(["Raw", "Whipped", "Vitamin C", "Niacinamide", "Turmeric", "Hyaluronic", "Brightening", "Hydrating", "Unscented", "Cocoa",
        "Papaya", "Aloe Vera", "Charcoal", "Tea Tree", "Kojic", "Honey", "Oatmeal", "Carrot"],
        ["Shea Butter", "Vitamin E", "Aloe Vera", "Hibiscus", "Moringa", "Baobab Oil"],
        ["50ml", "100ml", "200ml", "250g", "500g", "1kg", "30ml", "Travel Size"]),
      hair: group(["Chebe", "Rosemary", "Castor", "Virgin", "Cold-Pressed", "Moisturising", "Curl-Defining", "Strengthening", "Ayurvedic", "Batana"],
        ["Peppermint", "Biotin", "Shea Butter", "Jojoba"], ["100ml", "200ml", "250ml", "500ml", "1 litre"]),
      makeup: group(["Matte", "Nude", "Glossy", "Full-Coverage", "Waterproof", "Long-Wear", "Vegan", "Mink", "Shimmer", "Cocoa", "Mocha", "Espresso", "Caramel"],
        ["Mirror", "Sharpener", "Pouch", "Brush"], ["Single", "Duo", "Trio", "Set of 4", "Set of 12", "30ml"]),
      fragrance: group(["Oud", "Vanilla", "Musk", "Sandalwood", "Jasmine", "Amber", "Rose", "Citrus", "Arabian", "Bakhoor"],
        [], ["10ml", "30ml", "50ml", "100ml", "200g", "Pack of 20"]),
      service: group(["Owambe", "Bridal", "Home Service", "Natural", "Soft Glam", "Full Glam", "Classic", "Hybrid", "Volume"],
        ["Lashes", "Gele", "Touch-Up Kit", "Trial Session"], ["1 person", "Bride and 2 Maids", "Bridal Party of 6"]),
    },
    patterns: ["{item}", "{style} {item}", "{style} {item} ({size})", "{brand} {item}", "{brand} {style} {item}",
      "{brand} {style} {item} ({size})", "{style} {item} with {extra}", "{brand} {style} {item} with {extra} ({size})", "{item} ({size})"],
    kinds: ["Beauty", "Cosmetics", "Skincare", "Beauty Bar", "Glow Studio", "Makeover", "Naturals", "Beauty Store", "Organics", "Makeup Studio"],
    words: ["Glow", "Melanin", "Radiance", "Ewa", "Oge", "Omalicha", "Shea", "Cocoa", "Honey", "Velvet", "Luxe", "Pretty", "Flawless",
      "Amber", "Dewy", "Bare Skin", "Beauty Hub", "Adunni", "Iyawo", "Blush", "Kohl", "Tiro", "Laali", "Osun"],
  },
];

// -----------------------------------------------------------------------------------------------
// Business names: people, places and words, far beyond one category's templates.

// biome-ignore format: the lists read best packed
export const givenNames = [
  "Adaeze", "Adunni", "Aisha", "Amaka", "Amina", "Bisi", "Chidinma", "Chioma", "Damilola", "Ebiere", "Efe", "Funke", "Halima", "Ifeoma",
  "Kemi", "Ngozi", "Nkechi", "Nneka", "Osas", "Sade", "Temi", "Titi", "Tolu", "Yetunde", "Zainab", "Abike", "Bukola", "Chiamaka", "Dupe",
  "Ebunoluwa", "Fatima", "Hauwa", "Ijeoma", "Jumoke", "Kachi", "Lola", "Modupe", "Nimi", "Oluchi", "Omotola", "Peju", "Rukayat", "Simi",
  "Tari", "Uju", "Yewande", "Zuwaira", "Bayo", "Chinedu", "Dayo", "Ebuka", "Emeka", "Femi", "Ibrahim", "Kunle", "Musa", "Obinna", "Osaro",
  "Segun", "Tamuno", "Tunde", "Uche", "Yusuf", "Abdul", "Babatunde", "Chukwudi", "Deji", "Ekene", "Gbenga", "Ifeanyi", "Jide", "Kelechi",
  "Lanre", "Nnamdi", "Olumide", "Sani", "Tobi", "Umar", "Wale", "Yemi", "Zubair", "Ayo", "Ikenna", "Somto", "Tonye", "Boma", "Ebi",
] as const;

// biome-ignore format: the lists read best packed
export const surnames = [
  "Abubakar", "Adeyemi", "Akande", "Amadi", "Balogun", "Bello", "Danjuma", "Eze", "Ibekwe", "Igbinedion", "Lawal", "Nwosu", "Obi",
  "Ogunleye", "Okafor", "Okonkwo", "Olawale", "Osagie", "Suleiman", "Uzor", "Adebayo", "Afolabi", "Ajayi", "Alabi", "Anyanwu", "Babangida",
  "Chukwu", "Dike", "Ekwueme", "Fashola", "Garba", "Ibrahim", "Idowu", "Iwu", "Jaja", "Kalu", "Mohammed", "Nnaji", "Odukoya", "Ogbonna",
  "Ojo", "Okeke", "Olatunji", "Onyekachi", "Oyelaran", "Salami", "Shehu", "Taiwo", "Udoh", "Usman", "Williams", "Yakubu", "Ekpo", "Briggs",
  "Fubara", "Etim", "Ukpong", "Ogunbiyi", "Adeleke", "Nwachukwu",
] as const;

// biome-ignore format: the lists read best packed
export const places = [
  "Lekki", "Ikoyi", "Yaba", "Surulere", "Ikeja", "Ajah", "Victoria Island", "Maryland", "Gbagada", "Ogba", "Festac", "Magodo", "Ojodu",
  "Ilupeju", "Apapa", "Oshodi", "Sangotedo", "Wuse", "Maitama", "Garki", "Jabi", "Gwarinpa", "Utako", "Kubwa", "Lugbe", "Asokoro",
  "Rumuola", "Trans Amadi", "D-Line", "Rumuokoro", "Bodija", "Jericho", "Dugbe", "Mokola", "Challenge", "Sabon Gari", "Bompai", "Zoo Road",
  "Independence Layout", "New Haven", "Ogui", "Trans Ekulu", "Uselu", "Ugbowo", "GRA", "Ring Road", "Abeokuta", "Owerri", "Uyo", "Calabar",
  "Warri", "Asaba", "Onitsha", "Aba", "Ilorin", "Akure", "Osogbo", "Jos", "Kaduna", "Zaria", "Makurdi", "Lokoja", "Yola", "Maiduguri",
] as const;

// "{word}", "{word2}" (another word), "{kind}", "{given}", "{surname}", "{place}".
const businessPatterns = [
  "{word} {kind}",
  "{word} {kind}",
  "The {word} {kind}",
  "{given}'s {kind}",
  "{given}'s {word} {kind}",
  "{word} {kind} {place}",
  "{given} {surname} {kind}",
  "{surname} {kind}",
  "{surname} & Sons {kind}",
  "{word} & {word2} {kind}",
  "{kind} by {given}",
  "{place} {kind}",
  "{word} {kind} by {given}",
  "Mama {given}'s {kind}",
  "{surname} {word} {kind}",
  "{word} {place}",
] as const;

export function vocabularyFor(categorySlug: string): CategoryVocabulary {
  const vocabulary = vocabularies.find((v) => v.slug === categorySlug);
  if (!vocabulary) throw new RangeError(`no vocabulary for category "${categorySlug}"`);
  return vocabulary;
}

const placeholders = (pattern: string) =>
  [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
const fill = (pattern: string, values: Record<string, string>) =>
  pattern.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

export interface ProductName {
  name: string;
  item: Item;
  /** The style word(s) in the name, if any: tags are made from it. */
  style: string | null;
  options: readonly string[];
}

/** A product name for the category, e.g. "Zenko Solar Power Bank (20,000mAh)" or "Jollof Rice with Dodo". */
export function productName(random: Random, vocabulary: CategoryVocabulary): ProductName {
  const item = random.pick(vocabulary.items);
  const parts = vocabulary.groups[item[3]];
  if (!parts) throw new RangeError(`item "${item[0]}" has no group "${item[3]}"`);
  const lists: Record<string, readonly string[]> = {
    brand: vocabulary.brands,
    style: parts.styles,
    extra: parts.extras,
    size: parts.sizes,
    item: [item[0]],
  };
  const usable = vocabulary.patterns.filter((pattern) =>
    placeholders(pattern).every((key) => (lists[key]?.length ?? 0) > 0),
  );
  const pattern = random.pick(usable);
  const values: Record<string, string> = {};
  for (const key of placeholders(pattern)) values[key] ??= random.pick(lists[key] as string[]);
  return { name: fill(pattern, values), item, style: values.style ?? null, options: parts.options };
}

/**
 * A business name for the category, e.g. "Amaka's Glow Studio" or "Okafor & Sons Electronics".
 * Not unique by itself: the caller retries against the names it has used.
 */
export function businessName(random: Random, vocabulary: CategoryVocabulary): string {
  const word = random.pick(vocabulary.words);
  let word2 = random.pick(vocabulary.words);
  if (word2 === word) word2 = random.pick(vocabulary.words);
  const pattern = random.pick(
    word2 === word ? businessPatterns.filter((p) => !p.includes("{word2}")) : businessPatterns,
  );
  return fill(pattern, {
    word,
    word2,
    kind: random.pick(vocabulary.kinds),
    given: random.pick(givenNames),
    surname: random.pick(surnames),
    place: random.pick(places),
  });
}

/**
 * A business name not in `used` (which it updates): a few draws, then the name with a branch
 * place, then a branch number, so any number of businesses can be named.
 */
export function uniqueBusinessName(
  random: Random,
  vocabulary: CategoryVocabulary,
  used: Set<string>,
): string {
  let name = "";
  for (let attempt = 0; attempt < 8; attempt++) {
    name = businessName(random, vocabulary);
    if (!used.has(name)) break;
  }
  if (used.has(name)) name = `${name} ${random.pick(places)}`;
  const base = name;
  for (let branch = 2; used.has(name); branch++) name = `${base} ${branch}`;
  used.add(name);
  return name;
}
