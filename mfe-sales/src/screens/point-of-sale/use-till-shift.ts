import { useCallback, useEffect, useState } from 'react';
import { safeTransactionRoutes as r, type SafeTransaction } from '@erp/contracts';
import { useFeature } from '@erp/ui-kit';
import { writeMeta, type TillMeta } from './till-db';
import { problemOf } from './use-till-sync';

export interface ShiftSafe {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
}

/**
 * The cashier's shift at the till (issue 15 deliverable 5): a sale is issued only in an open shift, since a
 * shift's close counts the cashier's documents issued while it was open (and the server keeps a till's sale made
 * with none for a supervisor). The till asks the server when it opens; offline it keeps selling in the shift it
 * remembers (its IndexedDB meta) for the signed-in user. `known`: the till has an answer (the server's, or a
 * remembered one), so it neither blocks nor offers to open a shift before it knows.
 */
export function useTillShift(db: IDBDatabase | null, meta: TillMeta | null, onChange: () => Promise<void>) {
  const { api, user } = useFeature();
  const [asked, setAsked] = useState(false);
  const [safes, setSafes] = useState<ShiftSafe[]>([]);

  const remembered = meta?.shift && meta.shift.userId === user.userId ? meta.shift : null;

  const remember = useCallback(
    async (shift: SafeTransaction | null) => {
      if (!db) return;
      await writeMeta(db, {
        shift: shift ? { id: shift.id, code: shift.code, userId: shift.userId } : null,
      });
      await onChange();
    },
    [db, onChange],
  );

  /** The server's word on the user's open shift; offline, the remembered one stands. */
  const check = useCallback(async () => {
    if (!db) return;
    try {
      const { shift } = await api.get<{ shift: SafeTransaction | null }>(r.current.path, undefined, {
        quiet: true,
      });
      await remember(shift);
      if (!shift) setSafes(await api.get<ShiftSafe[]>(r.safes.path, undefined, { quiet: true }));
    } catch (e) {
      // the server answered with a refusal: no shift it knows of; no answer (offline): the remembered one
      if (problemOf(e).status) await remember(null);
    } finally {
      setAsked(true);
    }
  }, [db, api, remember]);

  useEffect(() => {
    void check();
  }, [check]);

  /** Opens the shift through the shifts' own endpoint; the server's refusal is the caller's to show. */
  async function open(safeId: string, openingBalance: string): Promise<void> {
    const shift = await api.post<SafeTransaction>(r.open.path, { safeId, openingBalance }, { quiet: true });
    await remember(shift);
  }

  return { shift: remembered, known: asked || !!remembered, safes, open, check };
}
