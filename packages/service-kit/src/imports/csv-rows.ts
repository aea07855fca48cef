/** The delimiter of a CSV file, from its first line outside quotes: comma, semicolon (European Excel) or tab. */
export function csvDelimiter(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** Counts a CSV's records (a line break inside quotes is part of a cell), scanning bytes only. */
export function countCsvRecords(bytes: Buffer): number {
  let records = 0;
  let quoted = false;
  let pending = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x22) quoted = !quoted;
    if (!quoted && (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a))) {
      if (pending) records++;
      pending = false;
    } else if (b !== 0x0d) pending = true;
  }
  return records + (pending ? 1 : 0);
}

/**
 * A CSV's records one at a time (RFC 4180: quoted cells, doubled quotes, CRLF, LF or CR), numbered from 1 as a
 * spreadsheet numbers rows; empty lines are skipped but keep their number. Cells beyond `maxColumns` are dropped.
 */
export function* csvRows(text: string, maxColumns: number): Generator<{ row: number; cells: string[] }> {
  const delimiter = csvDelimiter(text);
  let i = 0;
  let row = 0;
  const n = text.length;
  while (i < n) {
    row++;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let ended = false;
    while (i < n && !ended) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        if (ch === '"') quoted = false;
        else cell += ch;
        i++;
        continue;
      }
      if (ch === '"') quoted = true;
      else if (ch === delimiter) {
        if (cells.length < maxColumns) cells.push(cell);
        cell = '';
      } else if (ch === '\n' || ch === '\r') {
        ended = true;
        if (ch === '\r' && text[i + 1] === '\n') i++;
      } else cell += ch;
      i++;
    }
    if (cells.length < maxColumns) cells.push(cell);
    if (cells.length === 1 && cells[0] === '') continue;
    yield { row, cells };
  }
}
