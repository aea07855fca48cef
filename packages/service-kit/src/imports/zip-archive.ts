import { inflateRawSync } from 'node:zlib';

/** An entry of a zip archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The archive is not a zip this reader accepts (damaged, ZIP64, encrypted, an unknown method). */
export class ZipFormatError extends Error {}
/** An entry inflates past what its central directory declared or past the caller's limit: a zip bomb. */
export class ZipTooLargeError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Lists a zip's entries from its central directory, reading nothing but the directory: the sizes a workbook
 * declares are checked before a byte is inflated (an .xlsx is a zip).
 */
export function zipEntries(zip: Buffer): ZipEntry[] {
  // the end-of-central-directory record sits in the last 22 bytes plus at most a 65,535-byte comment
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError('bad central directory');
    const flags = zip.readUInt16LE(at + 8);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28)),
    };
    // ZIP64 markers (a workbook under 1 MB never needs them) and encryption are refused, not guessed at
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || flags & 1)
      throw new ZipFormatError('zip64 or encrypted entry');
    if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError('unknown compression method');
    entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * An entry's bytes, inflated with a hard ceiling of its declared size: an entry that lies about its size stops
 * there (zlib's maxOutputLength) instead of filling the memory.
 */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipFormatError('bad local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipFormatError('truncated entry');
  if (entry.method === 0) {
    if (entry.uncompressedSize !== entry.compressedSize) throw new ZipFormatError('stored entry size');
    return data;
  }
  if (entry.uncompressedSize === 0) return Buffer.alloc(0);
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLargeError(entry.name);
    throw new ZipFormatError(`cannot inflate ${entry.name}`);
  }
  if (out.length !== entry.uncompressedSize) throw new ZipFormatError(`size of ${entry.name}`);
  return out;
}
