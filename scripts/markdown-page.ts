import { Marked, type Tokens } from "marked";

/**
 * A page written in Markdown (the privacy notice), turned into HTML when the app is built: the
 * Vite plugin `markdownPages` in vite.config.ts hands every imported `.md` file to
 * `renderMarkdownPage`, and the module the app gets holds only the result, so no Markdown parser
 * reaches the browser or the server at run time.
 *
 * The file starts with a front matter block of `key: value` lines between `---` lines (`updated`,
 * the date the text last changed, is required), then one `# title`. Each `## section` gets an id
 * made from its words, and the sections make the table of contents.
 */
export interface MarkdownPage {
  title: string;
  /** The date the text last changed, `YYYY-MM-DD`. */
  updated: string;
  toc: Array<{ id: string; text: string }>;
  /** The body after the title, as HTML. */
  html: string;
}

/** "Who we share it with" → "who-we-share-it-with". */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/&[a-z]+;|&#\d+;/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

function readFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match?.[1]) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const [, key, value] = /^(\w+):\s*(.*)$/.exec(line.trim()) ?? [];
    if (key && value !== undefined) fields[key] = value.trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

export function renderMarkdownPage(source: string, file = "the Markdown file"): MarkdownPage {
  const { fields, body } = readFrontMatter(source);
  const updated = fields.updated ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated) || Number.isNaN(Date.parse(updated))) {
    throw new Error(`${file}: its front matter needs "updated: YYYY-MM-DD"`);
  }

  const toc: MarkdownPage["toc"] = [];
  const used = new Set<string>();
  let title: string | undefined;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (depth === 1) {
          if (title !== undefined) throw new Error(`${file}: more than one "# title"`);
          title = text;
          return ""; // the page draws its own title
        }
        let id = headingId(text);
        for (let n = 2; used.has(id); n += 1) id = `${headingId(text)}-${n}`;
        used.add(id);
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(body, { async: false });
  if (title === undefined) throw new Error(`${file}: it needs one "# title"`);
  return { title, updated, toc, html };
}
