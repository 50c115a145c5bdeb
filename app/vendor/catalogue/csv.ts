/**
 * A small CSV reader and writer (RFC 4180): fields separated by commas, quoted with `"` when
 * they hold a comma, a quote (doubled) or a line break; lines end in LF or CRLF. Enough for the
 * product import and export without a dependency. Each record keeps the line it starts on, so
 * messages can say "Line 7: …" about the line a spreadsheet shows.
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
    fields.push(field);
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

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

/** A CSV file of `rows` (the first is usually the header), CRLF line ends as spreadsheets expect. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteField).join(",")).join("\r\n") + "\r\n";
}
