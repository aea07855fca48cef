import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { AppError, countCsvRecords, csvRows, importLimits, inspectSheet, sheetRows } from '../src';
import { deflatedFill, manyRowsSheet, minimalXlsx } from '../../../tests/support/zip-files';

const rowsOf = (name: string, bytes: Buffer) => [...sheetRows({ name, bytes })];

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('CSV rows', () => {
  it('reads quoted cells, doubled quotes, line breaks in quotes and every line ending, numbering rows as a sheet', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\nlines"\n\nlast,,\rend';
    expect([...csvRows(text, 100)]).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { row: 4, cells: ['last', '', ''] },
      { row: 5, cells: ['end'] },
    ]);
    expect(countCsvRecords(Buffer.from(text))).toBe(4);
  });

  it("takes European Excel's semicolons and drops cells beyond the columns read", () => {
    expect([...csvRows('a;b;"c;d"\n1;2;3', 100)]).toEqual([
      { row: 1, cells: ['a', 'b', 'c;d'] },
      { row: 2, cells: ['1', '2', '3'] },
    ]);
    expect([...csvRows(`${','.repeat(500)}x`, 3)]).toEqual([{ row: 1, cells: ['', '', ''] }]);
  });

  it('reads UTF-8 with a byte-order mark', () => {
    expect(rowsOf('items.csv', Buffer.from('\uFEFFاسم\nسكر'))).toEqual([
      { row: 1, cells: ['اسم'] },
      { row: 2, cells: ['سكر'] },
    ]);
  });
});

describe('workbook rows', () => {
  it('reads a workbook made by Excel tooling as SheetJS shows it: shared strings, numbers, booleans, gaps', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Items');
    sheet.addRow(['code', 'arabicName', 'salesPrice', 'isActive', 'barcode']);
    sheet.addRow(['A-1', 'سكر & ملح <ناعم>', 4.5, true, 6281000000017]);
    sheet.addRow([]);
    sheet.addRow(['A-2', 'zero width\u200bhere', 0.1 + 0.2, false, null, 'beyond']);
    sheet.getCell('C5').value = 12;
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const ours = rowsOf('items.xlsx', bytes);
    expect(ours).toEqual([
      { row: 1, cells: ['code', 'arabicName', 'salesPrice', 'isActive', 'barcode'] },
      { row: 2, cells: ['A-1', 'سكر & ملح <ناعم>', '4.5', 'TRUE', '6281000000017'] },
      { row: 4, cells: ['A-2', 'zero width\u200bhere', '0.3', 'FALSE', '', 'beyond'] },
      { row: 5, cells: ['', '', '12'] },
    ]);
    // the same cells SheetJS (the reader before) gives, row by row, but for a number of 13 digits: General format
    // shows it as 6.281E+12, which turned an item's numeric barcode into another one; its digits are kept now
    const grid = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(bytes, { type: 'buffer' }).Sheets.Items!, {
      header: 1,
      raw: false,
      defval: '',
    });
    expect(ours.map((r) => r.cells.join('|'))).toEqual(
      grid
        .filter((r) => r.some((c) => c !== ''))
        .map((r) =>
          r
            .map((c) => (c === '6.281E+12' ? '6281000000017' : String(c)))
            .join('|')
            .replace(/\|+$/, ''),
        ),
    );
    expect(inspectSheet({ name: 'items.xlsx', bytes })).toEqual({ format: 'xlsx', rows: 4 });
  });

  it('reads a legacy .xls through SheetJS, and a workbook renamed .xls as the zip it is', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['code', 'arabicName'],
        ['B-1', 'شاي'],
      ]),
      'Items',
    );
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(rowsOf('items.xls', xls)).toEqual([
      { row: 1, cells: ['code', 'arabicName'] },
      { row: 2, cells: ['B-1', 'شاي'] },
    ]);
    const xlsx = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(inspectSheet({ name: 'items.xls', bytes: xlsx }).format).toBe('xlsx');
  });

  it('refuses a file that is not what its name says with 400', () => {
    for (const [name, bytes] of [
      ['items.xlsx', Buffer.from('<html><body>hello</body></html>')],
      ['items.xls', Buffer.from('<table><tr><td>1</td></tr></table>')],
      ['items.xlsx', Buffer.from('PK\u0003\u0004 truncated')],
      ['items.txt', Buffer.from('a,b')],
    ] as const) {
      const e = refusal(() => inspectSheet({ name, bytes }));
      expect(e.status).toBe(400);
      expect(e.fields).toEqual([{ field: 'file', code: 'validation.importFile' }]);
    }
  });
});

describe('import limits (issue 9 defect 5)', () => {
  it('refuses 524,000 one-character CSV rows by counting bytes, before parsing: 413 naming the row limit', () => {
    const bytes = Buffer.from('a\n'.repeat(524_000));
    expect(bytes.length).toBeLessThan(importLimits.maxBytes);
    const e = refusal(() => inspectSheet({ name: 'rows.csv', bytes }));
    expect(e).toEqual(
      expect.objectContaining({ status: 413, key: 'importTooManyRows', params: { limit: 10_000 } }),
    );
  });

  it('refuses a small workbook holding 200,000 rows: 413 naming the row limit', () => {
    const bytes = minimalXlsx(manyRowsSheet(200_000));
    expect(bytes.length).toBeLessThan(64 * 1024);
    const e = refusal(() => inspectSheet({ name: 'rows.xlsx', bytes }));
    expect(e).toEqual(expect.objectContaining({ status: 413, key: 'importTooManyRows' }));
  });

  it('refuses a workbook declaring 300 MB from its directory alone, and one that lies about its size', async () => {
    const payload = await deflatedFill(300 * 1024 * 1024);
    const honest = minimalXlsx({ deflated: payload });
    expect(honest.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    const e = refusal(() => inspectSheet({ name: 'bomb.xlsx', bytes: honest }));
    expect(e).toEqual(expect.objectContaining({ status: 413, key: 'importTooLarge', params: { limit: 16 } }));
    // the same bytes declaring 1 KB: inflation stops at the declared size
    const liar = minimalXlsx({ deflated: payload, declaredSize: 1024 });
    const e2 = refusal(() => inspectSheet({ name: 'bomb.xlsx', bytes: liar }));
    expect(e2.status).toBe(413);
    expect(() => [...sheetRows({ name: 'bomb.xlsx', bytes: liar })]).toThrow(AppError);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });
});
