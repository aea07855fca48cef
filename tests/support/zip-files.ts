import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One entry of a test zip: its bytes, or its already deflated bytes with the size to declare. */
export interface TestZipEntry {
  name: string;
  data?: Buffer;
  deflated?: { bytes: Buffer; size: number; crc: number };
  /** Declare this uncompressed size instead of the true one (a zip that lies about its entries). */
  declaredSize?: number;
}

/** Builds a zip (deflate) from entries, as an .xlsx is built: local headers, data, central directory. */
export function buildZip(entries: readonly TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const bytes = e.deflated?.bytes ?? deflateRawSync(e.data ?? Buffer.alloc(0), { level: 9 });
    const size = e.declaredSize ?? e.deflated?.size ?? e.data?.length ?? 0;
    const crc = e.deflated?.crc ?? crc32(e.data ?? Buffer.alloc(0));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, bytes);
    centrals.push(central, name);
    offset += local.length + name.length + bytes.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** `size` bytes of one repeated byte, deflated as a stream (never held whole): a zip bomb's payload. */
export async function deflatedFill(
  size: number,
  byte = 0x20,
): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024, byte);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

/** The smallest workbook SheetJS and this project read: a workbook, its relationships and one sheet. */
export function minimalXlsx(
  sheetXml: string | { deflated: { bytes: Buffer; size: number; crc: number }; declaredSize?: number },
) {
  const sheet =
    typeof sheetXml === 'string'
      ? { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml) }
      : {
          name: 'xl/worksheets/sheet1.xml',
          deflated: sheetXml.deflated,
          declaredSize: sheetXml.declaredSize,
        };
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '</Relationships>',
      ),
    },
    sheet,
  ]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** A sheet of `rows` identical rows of one inline one-character cell (row numbers are optional): tiny deflated. */
export function manyRowsSheet(rows: number): string {
  return SHEET_HEAD + '<row><c t="inlineStr"><is><t>a</t></is></c></row>'.repeat(rows) + SHEET_TAIL;
}
