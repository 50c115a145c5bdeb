import { describe, expect, test } from "vitest";
import { plainLineProblem, readJson } from "./plain-text.ts";
import { optionalText, plainLine, plainParagraph, requiredText } from "./text-fields.ts";
import { z } from "./zod.ts";

describe("a one-line name or address", () => {
  test.each(["Mama Put", "Adé Ọ̀ṣun", "سوق", "12, Allen Avenue", "Zürich‑Nord"])(
    "%s is fine",
    (text) => {
      expect(plainLineProblem(text)).toBeUndefined();
    },
  );

  test.each([
    ["a right-to-left override", "Mama\u202EtuP"],
    ["a left-to-right isolate", "Mama\u2066Put"],
    ["a pop directional isolate", "Mama\u2069"],
    ["a NUL byte", "Mama\u0000Put"],
    ["a line break", "Mama\nPut"],
    ["a tab", "Mama\tPut"],
    ["a C1 control", "Mama\u0085Put"],
  ])("with %s is refused", (_name, text) => {
    expect(plainLineProblem(text)).toMatch(/^Leave out hidden characters/);
  });

  test("angle brackets are refused as before", () => {
    expect(plainLineProblem("<b>Shop</b>")).toBe("Leave out < and >");
  });

  test("as a zod check, the field gets the message", () => {
    const name = z.string().superRefine(plainLine);
    const result = name.safeParse("Shop\u202E");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Leave out hidden characters/);
  });
});

describe("a text area", () => {
  const notes = z.string().superRefine(plainParagraph);

  test("keeps its line breaks and tabs", () => {
    expect(notes.safeParse("Gate 2\r\nCall on arrival\tplease").success).toBe(true);
  });

  test("still refuses NUL bytes and bidi overrides", () => {
    expect(notes.safeParse("Gate\u0000 2").success).toBe(false);
    expect(notes.safeParse("Gate \u202E2").success).toBe(false);
  });
});

describe("JSON from a form or query field", () => {
  test("reads as JSON.parse does", () => {
    expect(readJson('[{"id":"prd_1","quantity":2,"size":"M"}]')).toEqual([
      { id: "prd_1", quantity: 2, size: "M" },
    ]);
  });

  test("an escaped control character in a value or a key is unreadable JSON", () => {
    expect(() => readJson('[{"id":"prd_1\\u0000"}]')).toThrow(SyntaxError);
    expect(() => readJson('{"a\\u0007":1}')).toThrow(SyntaxError);
    expect(() => readJson("not json")).toThrow(SyntaxError);
  });
});

describe("the shared form fields", () => {
  test("a description may run over several lines; a name may not", async () => {
    const { applicationSchema } = await import("./console/forms.ts");
    const fields = {
      name: "Bisi's Braids",
      slug: "bisis-braids",
      categoryId: "cat_spas",
      city: "Ibadan",
      address: "4 Ring Road",
      phone: "0803 123 4567",
      description: "Knotless braids and cornrows.\r\n\r\nWig installs on Saturdays.",
    };
    expect(applicationSchema.safeParse(fields).success).toBe(true);
    const twoLineName = applicationSchema.safeParse({ ...fields, name: "Bisi's\nBraids" });
    expect(twoLineName.error?.issues.map((issue) => issue.path[0])).toEqual(["name"]);
  });

  test("an optional field left empty is empty, and a required one says what to enter", () => {
    expect(optionalText(120).parse(undefined)).toBe("");
    expect(requiredText("the city", 60).safeParse("  ").error?.issues[0]?.message).toBe(
      "Enter the city",
    );
  });
});
