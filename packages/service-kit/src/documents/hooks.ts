import type { DocumentDef, DocumentInput, DocumentRecord, Dec } from '@erp/contracts';
import type { Executor } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';
import type { FieldIssue } from '../errors';
import type { RequestContext } from '../http/context';
import type { BranchSettings } from './branch-settings';

export interface PostingInput {
  doc: DocumentDef;
  /** The document as it now stands (status, revision, lines); `deleted` when it is being deleted. */
  record: DocumentRecord;
  deleted: boolean;
  settings: BranchSettings;
  /** The status change being made (close, post, unpost), when the call is one. */
  action?: string;
}

/**
 * What a service adds to the engine for its documents: checks against its own data (the unit is one of the
 * item's), and the posting of a document's effect, called in the same transaction at every change (create,
 * change, close, delete) with the whole document; it returns each line's value (at cost for stock).
 */
export interface DocumentHooks {
  validate?(
    s: TenantScope,
    doc: DocumentDef,
    input: DocumentInput,
    settings: BranchSettings,
    /** The document as it was, on a change; null on a create. */
    before: DocumentRecord | null,
    /** Who saves it (their rights: a user's discount limit). */
    ctx: RequestContext,
  ): Promise<FieldIssue[]>;
  /**
   * The caller may convert more than a source line has left (a return above the original quantity, with the
   * user's right to exceed it); without it, never.
   */
  mayExceedSource?(s: TenantScope, ctx: RequestContext, doc: DocumentDef): Promise<boolean>;
  post?(
    trx: Executor,
    ctx: RequestContext,
    input: PostingInput,
  ): Promise<Map<number, string> | PostingOutcome | void>;
  /**
   * A new document's save just before its number is taken: the type's counter row stays locked from then until
   * the commit, so work that waits on another service (sales' stock hold over HTTP for an invoice saved and
   * issued at once) is done here and the type's other saves do not queue behind it. `then`: the status change
   * asked with the save.
   */
  beforeNumbering?(
    trx: Executor,
    ctx: RequestContext,
    save: { doc: DocumentDef; id: string; input: DocumentInput; then?: string },
  ): Promise<void>;
  /**
   * The main unit and the units' rates of the lines' items (issue 12 item 5): the document's total quantity is
   * then counted in main units, never by adding cartons to pieces.
   */
  lineUnits?(
    s: TenantScope,
    itemIds: readonly string[],
  ): Promise<ReadonlyMap<string, { mainUnitId: string; rates: ReadonlyMap<string, Dec> }>>;
  /**
   * A background job still finishing the document's posted effect (inventory's re-costing of the later
   * movements of its items and stores, issue 11): the document read names it, so the screen shows it after a
   * reload too.
   */
  recostJob?(s: TenantScope, doc: DocumentDef, record: DocumentRecord): Promise<string | null>;
  /**
   * The kinds of the payment methods a money document's payments name (the service's copy of them): cash may
   * be tendered above the total, the excess handed back as change. Without it, no payment is cash.
   */
  paymentKinds?(s: TenantScope, methodIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /**
   * The service keeps the closed periods itself and refuses in its own words (accounts: the journal's guard),
   * so the engine skips its check against the replica (`closedPeriodsMigration`, `closedPeriodHandlers`).
   */
  ownsClosedPeriods?: boolean;
}

/** What a posting returns besides the lines' values: a background job it started, for the save's answer. */
export interface PostingOutcome {
  values?: Map<number, string>;
  jobId?: string | null;
}
