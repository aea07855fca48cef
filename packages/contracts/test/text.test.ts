import {
  attachmentInput,
  contentTypeSchema,
  entityInputSchema,
  fileNameSchema,
  isStrictBase64,
  namesInput,
  requiredText,
  supportTicketInput,
  textSchema,
  units,
} from '../src';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('free text (issue 9 defect 10)', () => {
  it('refuses a required name that is only control, direction-override or zero-width characters', () => {
    const name = requiredText(200);
    expect(codes(name.safeParse('\u200B\u200B\uFEFF'))).toEqual(['validation.required']);
    expect(codes(name.safeParse('\u200D\u200C\u200F'))).toEqual(['validation.required']);
    expect(codes(name.safeParse('\u202E\u202D'))).toEqual(['validation.invisibleCharacters']);
    expect(codes(name.safeParse('\u0001\u0007'))).toEqual(['validation.invisibleCharacters']);
    expect(codes(entityInputSchema(units).safeParse({ arabicName: '\u200B' }))).toEqual([
      'validation.required',
    ]);
    expect(codes(namesInput.safeParse({ arabicName: '\u2066\u2069' }))).toEqual([
      'validation.invisibleCharacters',
    ]);
  });

  it('normalises to NFC and strips invisible characters that carry nothing, keeping those Arabic script needs', () => {
    const name = requiredText(200);
    expect(name.parse('Cafe\u0301')).toBe('Caf\u00E9');
    expect(name.parse('\u200Bسكر\u200B ناعم\uFEFF')).toBe('سكر ناعم');
    // the zero-width non-joiner shapes Kurdish and Persian words; direction marks order mixed text
    expect(name.parse('\u200Fمی\u200Cخواهم\u200E')).toBe('می\u200Cخواهم');
    expect(codes(name.safeParse('bad\u202Ename'))).toEqual(['validation.invisibleCharacters']);
    expect(codes(name.safeParse('line\nbreak'))).toEqual(['validation.invisibleCharacters']);
    expect(textSchema(1000, { multiline: true }).parse('first line\nsecond\tline')).toBe(
      'first line\nsecond\tline',
    );
    expect(codes(textSchema(1000, { multiline: true }).safeParse('a\u0000b'))).toEqual([
      'validation.invisibleCharacters',
    ]);
  });
});

describe('attachments (issue 9 defect 10)', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

  it('refuses a name with a right-to-left override, a path or a reserved character', () => {
    expect(codes(fileNameSchema.safeParse('invoice\u202Efdp.exe'))).toEqual([
      'validation.invisibleCharacters',
    ]);
    expect(codes(fileNameSchema.safeParse('../../etc/passwd'))).toEqual(['validation.fileName']);
    expect(codes(fileNameSchema.safeParse('a:b.txt'))).toEqual(['validation.fileName']);
    expect(fileNameSchema.parse(' فاتورة\u200B.pdf ')).toBe('فاتورة.pdf');
  });

  it('refuses a content type carrying a line break, and takes real media types', () => {
    expect(codes(contentTypeSchema.safeParse('image/png\r\nX-Injected: 1'))).toEqual([
      'validation.contentType',
    ]);
    expect(codes(contentTypeSchema.safeParse('image/png\n'))).toEqual(['validation.contentType']);
    expect(codes(contentTypeSchema.safeParse('not a type'))).toEqual(['validation.contentType']);
    expect(contentTypeSchema.parse(' Application/PDF ')).toBe('application/pdf');
    expect(contentTypeSchema.parse('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(contentTypeSchema.parse('')).toBe('');
  });

  it('refuses invalid base64 instead of storing an empty file', () => {
    expect(isStrictBase64(png)).toBe(true);
    expect(isStrictBase64(`data:image/png;base64,${png}`)).toBe(true);
    for (const junk of ['!!!!', 'abc', 'ab=c', '====', '', 'اختبار'])
      expect(isStrictBase64(junk)).toBe(false);
    const file = (base64: string) =>
      attachmentInput.safeParse({ fileName: 'a.png', contentType: 'image/png', base64 });
    expect(codes(file('!!not base64!!'))).toEqual(['validation.base64']);
    expect(file(png).success).toBe(true);
    const ticket = supportTicketInput.safeParse({
      title: 't',
      phone: '0551234567',
      email: 'a@b.co',
      message: 'm',
      imageExtension: 'png',
      base64Image: '%%%%',
    });
    expect(codes(ticket)).toEqual(['validation.base64']);
  });
});
