import { describe, expect, test } from "vitest";
import { CsvSyntaxError, parseCsv, writeCsv } from "./csv.ts";

describe("reading CSV", () => {
  test("plain rows become fields, each with the line it starts on", () => {
    expect(parseCsv("slug,name\nred-dress,Red dress\n")).toEqual([
      { line: 1, fields: ["slug", "name"] },
      { line: 2, fields: ["red-dress", "Red dress"] },
    ]);
  });

  test("quoted values keep their commas, doubled quotes and line breaks", () => {
    const records = parseCsv('a,"b, c","say ""hi""","two\nlines"\nnext,row,x,y');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b, c", 'say "hi"', "two\nlines"] },
      { line: 3, fields: ["next", "row", "x", "y"] },
    ]);
  });

  test("CRLF line ends, a byte-order mark and blank lines are taken in stride", () => {
    expect(parseCsv("\uFEFFa,b\r\n\r\nc,d\r\n")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["c", "d"] },
    ]);
  });

  test("empty fields stay empty, including a trailing one", () => {
    expect(parseCsv("a,,c,\n")).toEqual([{ line: 1, fields: ["a", "", "c", ""] }]);
  });

  test("a quote that is never closed is reported at the line it opens on", () => {
    expect(() => parseCsv('a,b\nc,"open\nstill open')).toThrow(
      new CsvSyntaxError(2, "a quoted value is never closed"),
    );
  });

  test("a NUL byte or other control character is refused with its line, tabs and CRLF are not", () => {
    expect(() => parseCsv("name,price\r\nAnkara\u0000 dress,5000")).toThrowError(
      /^Line 2: a hidden control character/,
    );
    expect(() => parseCsv("a\u001bb")).toThrowError(/^Line 1: /);
    expect(parseCsv("a\tb,c\r\n")).toEqual([{ line: 1, fields: ["a\tb", "c"] }]);
  });

  test("a stray quote inside an unquoted value is an error with its line", () => {
    expect(() => parseCsv('a,b\nc,5" screen')).toThrowError(/^Line 2: /);
    expect(() => parseCsv('a,"b"c')).toThrowError(/^Line 1: text follows a closing quote/);
  });
});

describe("writing CSV", () => {
  test("values are quoted only when they need it, and read back the same", () => {
    const rows = [
      ["slug", "description"],
      ["a", 'Says "hello", twice\nand more'],
      ["b", " padded "],
    ];
    const text = writeCsv(rows);
    expect(text).toBe(
      'slug,description\r\na,"Says ""hello"", twice\nand more"\r\nb," padded "\r\n',
    );
    expect(parseCsv(text).map((record) => record.fields)).toEqual(rows);
  });
});

describe("guarding against formula injection", () => {
  test("a cell a spreadsheet would run gets a leading ' and reads back as written", () => {
    const rows = [
      ['=HYPERLINK("https://evil.example")', "+2+3", "-20% Oil", "@SUM(A1)"],
      ["\tTabbed", "\rReturned", "'=kept apostrophe", "''@two"],
    ];
    const text = writeCsv(rows);
    expect(text).toBe(
      [
        `"'=HYPERLINK(""https://evil.example"")",'+2+3,'-20% Oil,'@SUM(A1)`,
        `'\tTabbed,"'\rReturned",''=kept apostrophe,'''@two`,
        "",
      ].join("\r\n"),
    );
    expect(parseCsv(text).map((record) => record.fields)).toEqual(rows);
  });

  test("numbers stay numbers, and other text starting with ' is left as it is", () => {
    const rows = [["-5", "+1.50", "12500.00", "0", "'twas", "e=mc2", "-", "-1e5"]];
    const text = writeCsv(rows);
    expect(text).toBe("-5,+1.50,12500.00,0,'twas,e=mc2,'-,'-1e5\r\n");
    expect(parseCsv(text).map((record) => record.fields)).toEqual(rows);
  });

  test("a ' typed before a formula in a spreadsheet is read as the guard", () => {
    expect(parseCsv("'=1+1,'-20% Oil,'plain\n")).toEqual([
      { line: 1, fields: ["=1+1", "-20% Oil", "'plain"] },
    ]);
  });
});
