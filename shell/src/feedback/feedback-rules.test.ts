import { checkFeedback, imagePayload } from './feedback-rules';

describe('feedback form (spec section 5)', () => {
  it('needs title, phone, email and a described issue', () => {
    expect(checkFeedback({ title: '', phone: '', email: 'x', message: ' ' })).toEqual({
      title: 'validation.required',
      phone: 'validation.required',
      email: 'validation.email',
      message: 'validation.describeIssue',
    });
    expect(
      checkFeedback({ title: 'Printer', phone: '0551234567', email: 'a@b.co', message: 'It stops' }),
    ).toEqual({});
  });

  it('takes jpg, png and gif up to 1 MiB', () => {
    const small = `data:image/png;base64,${Buffer.from('png').toString('base64')}`;
    expect(imagePayload(small)).toEqual({ ok: true, imageExtension: 'png', base64Image: 'cG5n' });
    expect(imagePayload('data:image/bmp;base64,AAAA')).toEqual({ ok: false, problem: 'type' });
    const big = `data:image/jpeg;base64,${Buffer.alloc(1024 * 1024 + 1).toString('base64')}`;
    expect(imagePayload(big)).toEqual({ ok: false, problem: 'size' });
  });
});
