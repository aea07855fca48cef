import { AppError, checkAttachment, checkImage, safeContentType, sniffContent } from '../src';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const PDF = Buffer.from('%PDF-1.7\n');
const HTML = Buffer.from('\uFEFF  <!DOCTYPE html><html><script>alert(1)</script></html>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62)]);
const ELF = Buffer.from('7f454c46020101', 'hex');

function refusedField(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return `${error.fields[0]?.field}:${error.fields[0]?.code}`;
    throw error;
  }
  return 'accepted';
}

describe('content sniffing (issue 9 defect 10)', () => {
  it('knows the types users attach and the ones that must never pass as them', () => {
    expect(sniffContent(PNG)).toBe('image/png');
    expect(sniffContent(JPEG)).toBe('image/jpeg');
    expect(sniffContent(PDF)).toBe('application/pdf');
    expect(sniffContent(HTML)).toBe('text/html');
    expect(sniffContent(SVG)).toBe('image/svg+xml');
    expect(sniffContent(EXE)).toBe('executable');
    expect(sniffContent(ELF)).toBe('executable');
    expect(sniffContent(Buffer.from('code,name\n1,sugar'))).toBeNull();
  });

  it('refuses HTML or an executable renamed .png, and bytes that are not the declared type', () => {
    const attach = (fileName: string, contentType: string, content: Buffer) => () =>
      checkAttachment({ fileName, contentType, content });
    expect(refusedField(attach('photo.png', 'image/png', HTML))).toBe(
      'base64:validation.fileContentMismatch',
    );
    expect(refusedField(attach('photo.png', 'image/png', EXE))).toBe('base64:validation.fileContentMismatch');
    expect(refusedField(attach('photo.png', '', SVG))).toBe('base64:validation.fileContentMismatch');
    expect(refusedField(attach('scan.pdf', 'application/pdf', PNG))).toBe(
      'base64:validation.fileContentMismatch',
    );
    expect(refusedField(attach('scan', 'application/pdf', PNG))).toBe(
      'contentType:validation.fileContentMismatch',
    );
    expect(refusedField(attach('notes.txt', 'text/html', Buffer.from('hello')))).toBe(
      'contentType:validation.fileContentMismatch',
    );
    expect(refusedField(attach('setup.exe', '', Buffer.from('hello')))).toBe('fileName:validation.fileName');
  });

  it('accepts real files, storing the declared type or, with none, what the bytes say', () => {
    expect(checkAttachment({ fileName: 'photo.png', contentType: 'image/png', content: PNG })).toBe(
      'image/png',
    );
    expect(checkAttachment({ fileName: 'photo.png', contentType: '', content: PNG })).toBe('image/png');
    expect(checkAttachment({ fileName: 'scan.PDF', contentType: 'application/pdf', content: PDF })).toBe(
      'application/pdf',
    );
    expect(
      checkAttachment({ fileName: 'list.csv', contentType: 'text/csv', content: Buffer.from('a,b') }),
    ).toBe('text/csv');
    expect(checkAttachment({ fileName: 'blob', contentType: '', content: Buffer.from('a,b') })).toBe(
      'application/octet-stream',
    );
  });

  it('serves a stored type that would break a header as octet-stream', () => {
    expect(safeContentType('image/png\r\nSet-Cookie: x=1')).toBe('application/octet-stream');
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType(null)).toBe('application/octet-stream');
  });

  it("checks the feedback screenshot's bytes against its extension", () => {
    expect(refusedField(() => checkImage(PNG, 'png', 'base64Image'))).toBe('accepted');
    expect(refusedField(() => checkImage(JPEG, 'jpg', 'base64Image'))).toBe('accepted');
    expect(refusedField(() => checkImage(HTML, 'png', 'base64Image'))).toBe(
      'base64Image:validation.fileContentMismatch',
    );
    expect(refusedField(() => checkImage(EXE, 'gif', 'base64Image'))).toBe(
      'base64Image:validation.fileContentMismatch',
    );
    expect(refusedField(() => checkImage(PNG, 'jpg', 'base64Image'))).toBe(
      'base64Image:validation.fileContentMismatch',
    );
  });
});
