import { describe, expect, test } from "vitest";
import {
  businessCount,
  businessItems,
  type CartItem,
  type CartProduct,
  cartCount,
  cartReducer,
  cartTotal,
  cartTotalKobo,
  groupByBusiness,
  parseStoredCart,
} from "./cart.ts";

const jollof: CartProduct = {
  id: "prd_jollof",
  amount: 2500,
  businessId: "biz_mama",
  name: "Jollof",
};
const suya: CartProduct = { id: "prd_suya", amount: 1500.5, businessId: "biz_mama", name: "Suya" };
const tee: CartProduct = { id: "prd_tee", amount: 9000, businessId: "biz_kente", size: "M" };

function add(items: CartItem[], ...products: CartProduct[]) {
  return products.reduce((cart, product) => cartReducer(cart, { type: "add", product }), items);
}

describe("adding a product", () => {
  test("a new product enters the cart with quantity 1 and keeps its other fields", () => {
    const cart = add([], jollof);
    expect(cart).toEqual([{ ...jollof, size: null, quantity: 1 }]);
  });

  test("a second add raises the quantity to 2 instead of adding a second line", () => {
    const cart = add([], jollof, jollof);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(2);
  });

  test("an item stored without a quantity is set to 1, not added twice", () => {
    const stored = [{ ...jollof, size: null, quantity: Number.NaN }] as CartItem[];
    const cart = add(stored, jollof);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(1);
  });

  test("there is no upper limit on quantity", () => {
    let cart = add([], tee);
    for (let i = 0; i < 999; i++) cart = add(cart, tee);
    expect(cart[0]?.quantity).toBe(1000);
  });

  test("adding never changes the items that were there", () => {
    const before = add([], jollof);
    const snapshot = structuredClone(before);
    add(before, jollof, suya);
    expect(before).toEqual(snapshot);
  });
});

describe("removing one", () => {
  test("a quantity above 1 goes down by 1", () => {
    const cart = cartReducer(add([], jollof, jollof, jollof), { type: "removeOne", id: jollof.id });
    expect(cart[0]?.quantity).toBe(2);
  });

  test("the last unit removes the item", () => {
    const cart = cartReducer(add([], jollof, suya), { type: "removeOne", id: jollof.id });
    expect(cart.map((item) => item.id)).toEqual([suya.id]);
  });

  test("an unknown id leaves the cart as it was", () => {
    const cart = add([], jollof);
    expect(cartReducer(cart, { type: "removeOne", id: "prd_missing" })).toEqual(cart);
  });
});

describe("removing entirely", () => {
  test("the item with that id goes whatever its quantity", () => {
    const cart = cartReducer(add([], jollof, jollof, suya), { type: "remove", id: jollof.id });
    expect(cart.map((item) => item.id)).toEqual([suya.id]);
  });

  test("an unknown id leaves the cart as it was", () => {
    const cart = add([], jollof);
    expect(cartReducer(cart, { type: "remove", id: "prd_missing" })).toEqual(cart);
  });
});

describe("setting quantity and size", () => {
  test("both are updated on an existing item", () => {
    const cart = cartReducer(add([], tee), {
      type: "setQuantityAndSize",
      item: { ...tee, quantity: 4, size: "XL" },
    });
    expect(cart).toEqual([{ ...tee, quantity: 4, size: "XL" }]);
  });

  test("an item that is not in the cart is added as given", () => {
    const cart = cartReducer(add([], jollof), {
      type: "setQuantityAndSize",
      item: { ...tee, quantity: 3, size: "S" },
    });
    expect(cart).toEqual([
      { ...jollof, size: null, quantity: 1 },
      { ...tee, quantity: 3, size: "S" },
    ]);
  });
});

describe("repricing (checkout's fix for a changed price)", () => {
  test("the item takes the new unit price and keeps its place, quantity and size", () => {
    const cart = cartReducer(add([], jollof, tee, jollof), {
      type: "reprice",
      id: "prd_jollof",
      amount: 2750,
    });
    expect(cart).toEqual([
      { ...jollof, amount: 2750, size: null, quantity: 2 },
      { ...tee, quantity: 1 },
    ]);
  });

  test("an unknown id leaves the cart as it was", () => {
    const before = add([], jollof);
    expect(cartReducer(before, { type: "reprice", id: "prd_none", amount: 1 })).toEqual(before);
  });
});

describe("totals and counts", () => {
  test("the total is the sum of price times quantity with 2 decimals", () => {
    const cart = add([], jollof, jollof, suya);
    expect(cartTotal(cart)).toBe("6500.50");
    expect(cartTotalKobo(cart)).toBe(650_050);
  });

  test("0.1 + 0.2 adds up to 0.30, not 0.30000000000000004", () => {
    const cart = add(
      [],
      { id: "a", amount: 0.1, businessId: "biz_a" },
      { id: "b", amount: 0.2, businessId: "biz_a" },
    );
    expect(cartTotal(cart)).toBe("0.30");
  });

  test("an empty cart totals 0.00", () => {
    expect(cartTotal([])).toBe("0.00");
  });

  test("a non-numeric amount counts as nothing instead of breaking the total", () => {
    const cart = add([], jollof, {
      id: "odd",
      amount: "abc" as unknown as number,
      businessId: "biz_a",
    });
    expect(cartTotal(cart)).toBe("2500.00");
  });

  test("the count is the number of distinct items, not the sum of quantities", () => {
    expect(cartCount(add([], jollof, jollof, suya, tee))).toBe(3);
  });

  test("each business has its own count and list of items", () => {
    const cart = add([], jollof, tee, suya);
    expect(businessCount(cart, "biz_mama")).toBe(2);
    expect(businessItems(cart, "biz_kente").map((item) => item.id)).toEqual([tee.id]);
    expect(businessCount(cart, "biz_nobody")).toBe(0);
  });

  test("groups keep the order in which businesses entered the cart, with subtotals", () => {
    const groups = groupByBusiness(add([], jollof, tee, suya, jollof));
    expect(groups.map((group) => [group.businessId, group.subtotalKobo])).toEqual([
      ["biz_mama", 650_050],
      ["biz_kente", 900_000],
    ]);
  });
});

describe("reading the stored cart", () => {
  test("nothing stored is an empty cart", () => {
    expect(parseStoredCart(null)).toEqual([]);
  });

  test.each([
    ["broken JSON", "{not json"],
    ["an object", '{"id":"x"}'],
    ["a number", "42"],
    ["the string null", "null"],
  ])("%s gives an empty cart", (_label, stored) => {
    expect(parseStoredCart(stored)).toEqual([]);
  });

  test("damaged entries are dropped or repaired and the rest is kept", () => {
    const stored = JSON.stringify([
      { id: "ok", quantity: 2, amount: 100, businessId: "biz_a", size: "M", name: "Good" },
      { quantity: 1, amount: 5, businessId: "biz_a" },
      "text",
      null,
      { id: "no-business", quantity: 1, amount: 5 },
      { id: "repair", quantity: "many", amount: "free", businessId: "biz_b" },
      { id: 7, quantity: 1, amount: 1, businessId: "biz_b" },
    ]);
    expect(parseStoredCart(stored)).toEqual([
      { id: "ok", quantity: 2, amount: 100, businessId: "biz_a", size: "M", name: "Good" },
      { id: "repair", quantity: 1, amount: 0, businessId: "biz_b", size: null },
      { id: "7", quantity: 1, amount: 1, businessId: "biz_b", size: null },
    ]);
  });
});

describe("flash sale lines (decision 054)", () => {
  test("a hold replaces the product's line with the held units at the sale price, and ending it keeps the line at the usual price", () => {
    const cart = add([], tee, jollof, jollof);
    const held = cartReducer(cart, {
      type: "holdFlash",
      item: { ...jollof, amount: 1800, quantity: 1, flashHold: "flh_1" },
    });
    expect(held).toHaveLength(2);
    expect(held[1]).toEqual({
      ...jollof,
      amount: 1800,
      size: null,
      quantity: 1,
      flashHold: "flh_1",
    });
    const ended = cartReducer(held, { type: "endFlash", id: jollof.id, amount: 2500 });
    expect(ended[1]).toEqual({ ...jollof, size: null, quantity: 1 });
    expect(ended[0]).toBe(held[0]);
  });

  test("a hold of a product not in the cart adds it", () => {
    const held = cartReducer([], {
      type: "holdFlash",
      item: { ...tee, amount: 7000, quantity: 2, flashHold: "flh_2" },
    });
    expect(held).toEqual([{ ...tee, amount: 7000, quantity: 2, flashHold: "flh_2" }]);
  });
});
