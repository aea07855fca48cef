import type { BulkPostingAction } from '@erp/contracts';
import type { Executor, RequestContext, ServiceDeps } from '@erp/service-kit';

/** Codes from and to, both included, as the engine numbers them (`17` or `26-17`). */
export interface CodeRange {
  fromCode: string;
  toCode: string;
}

/** One document of a range: `pending` when it awaits the action (unposted for 'post', posted for 'unpost'). */
export interface RangeDocument {
  id: string;
  code: string;
  pending: boolean;
}

/**
 * A document type that bulk posting can post and un-post (issue 13, deliverable 4). Vouchers are one; stock
 * documents booked from events and waiting unposted register the same way (`postingRegistry(deps).register`).
 * Every call runs in the caller's transaction; `post` and `unpost` refuse with an AppError (its translated
 * message becomes the document's reason in the job's result) and must leave nothing written when they throw.
 */
export interface PostableType {
  /** The name the API takes as `documentType` (a document definition's name). */
  type: string;
  /** The screen's label, a key of mfe-accounts' texts. */
  labelKey: string;
  /** How many documents of the tenant's branch have codes in the range, whatever their state. */
  countInRange(trx: Executor, tenantId: string, branchId: string, range: CodeRange): Promise<number>;
  /** The range's documents in code order after the code `after` (null: from the start), at most `limit`. */
  listInRange(
    trx: Executor,
    tenantId: string,
    branchId: string,
    range: CodeRange,
    action: BulkPostingAction,
    page: { after: string | null; limit: number },
  ): Promise<RangeDocument[]>;
  post(trx: Executor, ctx: RequestContext, id: string): Promise<void>;
  unpost(trx: Executor, ctx: RequestContext, id: string): Promise<void>;
}

/** The postable types of one running accounts service. */
export class PostingRegistry {
  private readonly types = new Map<string, PostableType>();

  register(type: PostableType): void {
    this.types.set(type.type, type);
  }

  get(type: string): PostableType | undefined {
    return this.types.get(type);
  }

  list(): PostableType[] {
    return [...this.types.values()];
  }
}

const registries = new WeakMap<ServiceDeps, PostingRegistry>();

/** The registry of a service instance (its routes and its job share it); created empty on first use. */
export function postingRegistry(deps: ServiceDeps): PostingRegistry {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new PostingRegistry();
    registries.set(deps, registry);
  }
  return registry;
}
