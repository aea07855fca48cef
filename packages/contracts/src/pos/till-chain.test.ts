import { createHash } from 'node:crypto';
import { TILL_FIRST_PREVIOUS_HASH, tillChainHash, tillNumber } from './till-chain';

describe('a till chain', () => {
  it("starts from ZATCA's hash of '0'", () => {
    expect(TILL_FIRST_PREVIOUS_HASH).toBe(createHash('sha256').update('0').digest('hex'));
  });

  it('numbers receipts by till code and counter', () => {
    expect(tillNumber('T3', 42)).toBe('T3-000042');
    expect(tillNumber('T12', 1234567)).toBe('T12-1234567');
  });

  it('hashes the fields in their fixed order, as Node hashes the same text', async () => {
    const f = {
      uuid: '4c9f1b1e-3a3c-4f55-9a57-1f0a1a7b2c3d',
      counter: 7,
      previousHash: TILL_FIRST_PREVIOUS_HASH,
      number: 'T1-000007',
      date: '2026-11-27',
      issuedAt: '2026-11-27T10:00:00.000Z',
      total: '115.00',
      vat: '15.00',
      customerId: null,
    };
    const text = JSON.stringify([
      f.uuid,
      f.counter,
      f.previousHash,
      f.number,
      f.date,
      f.issuedAt,
      f.total,
      f.vat,
      f.customerId,
    ]);
    expect(await tillChainHash(f)).toBe(createHash('sha256').update(text).digest('hex'));
    // any field changes the hash
    expect(await tillChainHash({ ...f, total: '115.01' })).not.toBe(await tillChainHash(f));
  });
});
