import * as XLSX from '@e965/xlsx';
import { AppError } from '../errors';
import { countCsvRecords, csvRows } from './csv-rows';
import { countXmlRows, firstSheetEntry, xlsxRows } from './xlsx-rows';
import { readZipEntry, zipEntries, ZipFormatError, ZipTooLargeError, type ZipEntry } from './zip-archive';

/** What an import accepts before any row is parsed (spec sections 5 and 9, issue 9 defect 5). */
export interface ImportLimits {
  /** The uploaded file's size: under 1 MB (spec section 9). */
  maxBytes: number;
  /** Data rows (the header row not counted). */
  maxRows: number;
  /** What a workbook's entries declare, and may inflate to, in all. */
  maxUnpackedBytes: number;
  /** Columns read per row; cells further right are ignored. */
  maxColumns: number;
}

export const importLimits: ImportLimits = {
  maxBytes: 1024 * 1024,
  maxRows: 10_000,
  maxUnpackedBytes: 16 * 1024 * 1024,
  maxColumns: 100,
};

export type SheetFormat = 'csv' | 'xlsx' | 'xls';
export interface UploadedSheet {
  name: string;
  bytes: Buffer;
}
export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1 is the header). */
  row: number;
  cells: string[];
}

const badFile = () =>
  new AppError(400, 'validationFailed', {}, [{ field: 'file', code: 'validation.importFile' }]);
const tooManyRows = (limits: ImportLimits) =>
  new AppError(413, 'importTooManyRows', { limit: limits.maxRows });
const tooLarge = (limits: ImportLimits) =>
  new AppError(413, 'importTooLarge', { limit: Math.round(limits.maxUnpackedBytes / (1024 * 1024)) });

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isCfb = (b: Buffer) =>
  b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;

/** The format by extension and content: an .xls that is really a zip is read as the zip it is. */
function formatOf(file: UploadedSheet): SheetFormat {
  const ext = /\.(xlsx|xls|csv)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if ((ext === 'xlsx' || ext === 'xls') && isZip(file.bytes)) return 'xlsx';
  if (ext === 'xls' && isCfb(file.bytes)) return 'xls';
  throw badFile();
}

/** A workbook's first sheet and shared strings, every declared size checked before a byte is inflated. */
function workbookParts(file: UploadedSheet, limits: ImportLimits): { sheet: Buffer; shared: Buffer | null } {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(file.bytes);
  } catch (error) {
    if (error instanceof ZipFormatError) throw badFile();
    throw error;
  }
  if (entries.length > 1000) throw badFile();
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > limits.maxUnpackedBytes) throw tooLarge(limits);
  try {
    const sheetEntry = firstSheetEntry(file.bytes, entries);
    if (!sheetEntry) throw badFile();
    const sharedEntry = entries.find((e) => e.name === 'xl/sharedStrings.xml');
    return {
      sheet: readZipEntry(file.bytes, sheetEntry),
      shared: sharedEntry ? readZipEntry(file.bytes, sharedEntry) : null,
    };
  } catch (error) {
    if (error instanceof ZipTooLargeError) throw tooLarge(limits);
    if (error instanceof ZipFormatError) throw badFile();
    throw error;
  }
}

function readLegacy(file: UploadedSheet, limits: ImportLimits): XLSX.WorkSheet {
  try {
    // BIFF is not compressed, so a file under 1 MB stays small; sheetRows stops SheetJS past the row limit
    const book = XLSX.read(file.bytes, { type: 'buffer', dense: true, sheetRows: limits.maxRows + 2 });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw badFile();
    return sheet;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFile();
  }
}

/**
 * Checks an uploaded spreadsheet against the limits without parsing its rows: the file's size; a CSV's record
 * count from its bytes; a workbook's declared sizes (a zip bomb is refused before inflating), its sheet's
 * actual size (inflation stops at the declared size) and its `<row>` count. Answers the format and row count.
 * Refusals: 400 for a file that is not what it says, 413 naming the limit for one too big.
 */
export function inspectSheet(file: UploadedSheet, limits: ImportLimits = importLimits) {
  if (file.bytes.length >= limits.maxBytes) throw badFile();
  const format = formatOf(file);
  let rows: number;
  if (format === 'csv') rows = countCsvRecords(file.bytes);
  else if (format === 'xlsx') rows = countXmlRows(workbookParts(file, limits).sheet);
  else {
    const sheet = readLegacy(file, limits);
    const ref = sheet['!fullref'] ?? sheet['!ref'];
    rows = ref ? XLSX.utils.decode_range(ref).e.r + 1 : 0;
  }
  if (rows - 1 > limits.maxRows) throw tooManyRows(limits);
  return { format, rows };
}

/**
 * The first sheet's rows one at a time (call `inspectSheet` first). A CSV and a workbook's sheet are read as
 * they are walked; only the legacy .xls goes through SheetJS, capped at the row limit.
 */
export function* sheetRows(file: UploadedSheet, limits: ImportLimits = importLimits): Generator<SheetRow> {
  const format = formatOf(file);
  if (format === 'csv') {
    // a CSV is text in UTF-8 (Arabic names), perhaps with Excel's byte-order mark
    yield* csvRows(file.bytes.toString('utf8').replace(/^\uFEFF/, ''), limits.maxColumns);
    return;
  }
  if (format === 'xlsx') {
    const { sheet, shared } = workbookParts(file, limits);
    yield* xlsxRows(sheet.toString('utf8'), shared?.toString('utf8') ?? null, limits.maxColumns);
    return;
  }
  const grid = XLSX.utils.sheet_to_json<unknown[]>(readLegacy(file, limits), {
    header: 1,
    blankrows: true,
    raw: false,
    defval: '',
  });
  for (let i = 0; i < grid.length; i++) {
    const cells = (grid[i] ?? []).slice(0, limits.maxColumns).map((c) => String(c ?? ''));
    if (cells.every((c) => c === '')) continue;
    yield { row: i + 1, cells };
  }
}
