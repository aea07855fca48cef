import { readZipEntry, type ZipEntry } from './zip-archive';

/** XML text as it reads: the five named entities, numeric references and Excel's `_xHHHH_` escapes. */
export function xmlText(s: string): string {
  return s
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      if (e[0] !== '#') return named[e.toLowerCase()] ?? '';
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The text runs of a shared or inline string (`<t>` inside, phonetic guides left out). */
function runsText(xml: string): string {
  let out = '';
  for (const m of xml
    .replace(/<rPh\b[\s\S]*?<\/rPh>/g, '')
    .matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g))
    out += xmlText(m[1] ?? '');
  return out;
}

function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? m[1]! : null;
}

/** 'B12' → 1 (the column, from zero). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** A number as Excel shows it in General format: 15 significant digits, so 4.4999999999999991 reads 4.5. */
function excelNumber(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  return String(Number(n.toPrecision(15)));
}

/** The first worksheet's entry: the workbook's first sheet through its relationships, else sheet1.xml. */
export function firstSheetEntry(zip: Buffer, entries: readonly ZipEntry[]): ZipEntry | undefined {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const book = readZipEntry(zip, workbook).toString('utf8');
    const id = /<sheet\b[^>]*?\br:id="([^"]+)"/.exec(book)?.[1];
    const links = readZipEntry(zip, rels).toString('utf8');
    for (const m of links.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
      if (attribute(m[1]!, 'Id') !== id) continue;
      const target = attribute(m[1]!, 'Target') ?? '';
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      const found = byName.get(path.replace(/\/\.\//g, '/'));
      if (found) return found;
    }
  }
  return byName.get('xl/worksheets/sheet1.xml');
}

/** Counts a worksheet's `<row>` elements in its bytes, without making a string of them. */
export function countXmlRows(sheet: Buffer): number {
  let n = 0;
  for (let i = sheet.indexOf('<row'); i >= 0; i = sheet.indexOf('<row', i + 4)) {
    const next = sheet[i + 4];
    // '<row ' or '<row>' or '<row/>', not '<rowBreaks'
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x0a || next === 0x0d || next === 0x09)
      n++;
  }
  return n;
}

/**
 * The rows of a worksheet one at a time, each cell as the text Excel would show (shared and inline strings,
 * numbers in General format, TRUE/FALSE), keyed by the sheet's own row numbers. Only the sheet's XML and its
 * shared strings are held, never a grid of the whole sheet.
 */
export function* xlsxRows(
  sheetXml: string,
  sharedXml: string | null,
  maxColumns: number,
): Generator<{ row: number; cells: string[] }> {
  const shared: string[] = [];
  if (sharedXml)
    for (const m of sharedXml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g))
      shared.push(runsText(m[1] ?? ''));
  const rowRe = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  let previous = 0;
  for (let m = rowRe.exec(sheetXml); m; m = rowRe.exec(sheetXml)) {
    const number = Number(attribute(m[1]!, 'r')) || previous + 1;
    previous = number;
    const cells: string[] = [];
    let col = -1;
    for (const c of (m[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const ref = attribute(attrs, 'r');
      col = ref ? columnIndex(ref) : col + 1;
      // a cell far to the right (XFD1) would make every row an array of 16,384 cells: beyond the columns read
      if (col < 0 || col >= maxColumns) continue;
      const body = c[2] ?? '';
      const type = attribute(attrs, 't') ?? 'n';
      const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text: string;
      if (type === 'inlineStr') text = runsText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (v === undefined) text = '';
      else if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'b') text = v.trim() === '1' ? 'TRUE' : 'FALSE';
      else if (type === 'n') text = excelNumber(v.trim());
      else if (type === 'e') text = '';
      else text = xmlText(v);
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    yield { row: number, cells };
  }
}
