import { ATTACHMENT_MAX_BYTES, documentTableOf, type DocumentDef, type RouteSpec } from '@erp/contracts';
import { checkAttachment, safeContentType } from '../attachments/content-sniffing';
import type { Executor } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';
import { AppError, notFound } from '../errors';
import { requireBranch, type RequestContext } from '../http/context';
import { handle, type BoundRoute } from '../http/routes';
import { newId, nowIso } from '../ids';
import type { ServiceDeps } from '../service';

/**
 * A document's attachments (upload, download, remove): the file's content checked against its declared type and
 * size, stored with the document, read only by who may read the document.
 */
export function attachmentRoutes(
  deps: ServiceDeps,
  doc: DocumentDef,
  [attach, download, detach]: [RouteSpec, RouteSpec, RouteSpec],
  scopeOf: (ctx: RequestContext, db?: Executor) => TenantScope,
  /** The document, when the caller may read it (else 404 or 403). */
  findAllowed: (ctx: RequestContext, id: string) => Promise<unknown>,
): BoundRoute[] {
  /**
   * Which attachment the route names, once its document is found readable by the caller (a query builder is
   * thenable, so the key is given, not the query).
   */
  const attachmentKey = async (ctx: RequestContext, params: unknown) => {
    const { id, attachmentId } = params as { id: string; attachmentId: string };
    await findAllowed(ctx, id);
    return { id: attachmentId, document_type: doc.name, document_id: id };
  };
  return [
    handle(attach, async ({ ctx, params, body }) => {
      const id = (params as { id: string }).id;
      const file = body as { fileName: string; contentType: string; base64: string };
      const content = Buffer.from(file.base64, 'base64');
      if (content.length > ATTACHMENT_MAX_BYTES)
        throw new AppError(400, 'validationFailed', {}, [
          { field: 'base64', code: 'validation.fileTooLarge' },
        ]);
      const contentType = checkAttachment({ ...file, content });
      return deps.transact(async (trx) => {
        const s = scopeOf(ctx, trx);
        const owner = await s(documentTableOf(doc)).where({ id }).first('branch_id');
        if (!owner) throw notFound();
        requireBranch(ctx, owner.branch_id ? String(owner.branch_id) : null);
        const row = {
          id: newId(),
          document_type: doc.name,
          document_id: id,
          file_name: file.fileName,
          content_type: contentType,
          size: content.length,
          created_at: nowIso(),
        };
        await s.insert('doc_attachments', { ...row, content });
        return {
          id: row.id,
          fileName: row.file_name,
          contentType: row.content_type,
          size: row.size,
          createdAt: row.created_at,
        };
      });
    }),
    handle(download, async ({ ctx, params, res }) => {
      const key = await attachmentKey(ctx, params);
      const row = await scopeOf(ctx)('doc_attachments').where(key).first();
      if (!row) throw notFound();
      res
        .status(200)
        // attachment() sets a type from the name's extension: the stored (checked) type is set after it
        .attachment(String(row.file_name))
        .type(safeContentType(row.content_type))
        .send(Buffer.from(row.content as Buffer));
    }),
    handle(detach, async ({ ctx, params }) => {
      const key = await attachmentKey(ctx, params);
      const removed = await scopeOf(ctx)('doc_attachments').where(key).delete();
      if (!removed) throw notFound();
      return { ok: true as const };
    }),
  ];
}
