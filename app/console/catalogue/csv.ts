import { controlInField } from "#app/plain-text.ts";
/**
 * A small CSV reader and writer (RFC 4180): fields separated by commas, quoted with `"` when
 * they hold a comma, a quote (doubled) or a line break; lines end in LF or CRLF. Enough for the
 * product import and export without a dependency. Each record keeps the line it starts on, so
 * messages can say "Line 7: …" about the line a spreadsheet shows.
 *
 * Every cell written is guarded against formula injection (decision 019), and the reader takes
 * the guard off again, so what is written reads back exactly as it was.
 */

export interface CsvRecord {
  /** The 1-based line of the file the record starts on. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  readonly line: number;
  constructor(line: number, problem: string) {
    super(`Line ${line}: ${problem}`);
    this.line = line;
  }
}

/** Every record of `text`; blank lines are skipped. Throws CsvSyntaxError for broken quoting. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  // A NUL or other control character means a file that is not text (or was saved oddly); no
  // cell of it may reach the database, which refuses NUL bytes.
  const control = controlInField.exec(source);
  if (control) {
    const lineOfControl = source.slice(0, control.index).split("\n").length;
    throw new CsvSyntaxError(
      lineOfControl,
      "a hidden control character is in the text; save the file as CSV (UTF-8) and try again",
    );
  }
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  /** The field began with a quote (it may still hold more after the closing quote: an error). */
  let wasQuoted = false;
  let quoteLine = 1;

  const endField = () => {
    fields.push(unguardCell(field));
    field = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === "";
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== "" || wasQuoted) {
        throw new CsvSyntaxError(line, 'a value with a " in it must be wrapped in quotes');
      }
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
    } else if (char === ",") {
      endField();
    } else if (char === "\r" && source[index + 1] === "\n") {
      // CRLF: the \n ends the record.
    } else if (char === "\n") {
      endRecord();
      line++;
      recordLine = line;
    } else {
      if (wasQuoted) {
        throw new CsvSyntaxError(line, "text follows a closing quote; put it inside the quotes");
      }
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteLine, "a quoted value is never closed");
  endRecord();
  return records;
}

/**
 * A spreadsheet runs a cell starting with one of these as a formula: a product named
 * `=HYPERLINK(…)` would act when a member opens the export. Apostrophes before it are counted
 * too, so that a text already starting with `'` and then one of these keeps its own apostrophe.
 */
const formulaStart = /^'*[=+\-@\t\r]/;
/** "-5" or "+1.50" is read as that number, not run: left alone so number columns stay numbers. */
const plainNumber = /^[+-]?\d+(?:\.\d+)?$/;

/** OWASP's guard: a leading `'` makes a spreadsheet take the cell as text. */
function guardCell(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/** The guard's `'` taken off: "'-20% Oil" reads as "-20% Oil", "'twas" stays as it is. */
function unguardCell(value: string): string {
  return value.startsWith("'") && formulaStart.test(value) ? value.slice(1) : value;
}

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

/** A CSV file of `rows` (the first is usually the header), CRLF line ends as spreadsheets expect. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return (
    rows.map((row) => row.map((value) => quoteField(guardCell(value))).join(",")).join("\r\n") +
    "\r\n"
  );
}
