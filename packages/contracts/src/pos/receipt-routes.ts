import { z } from 'zod';
import { documentRecordSchema, salesInvoices } from '../documents';
import { access, defineRoutes } from '../http';
import { Permission as P } from '../permissions';

/**
 * Returns at the till (issue 15, deliverable 8): the original invoice found by what the customer brings, the
 * receipt's number (a till's `T1-000042`, or the back office's invoice code) or the text of its tax QR code (the
 * seller, the moment of issue and the totals name one invoice). The answer is the invoice with what each line has
 * left to return; the return itself is a credit note converted from it (`POST /api/SalesReturns` with its source
 * and a reason code).
 */
export const posReceiptRoutes = defineRoutes({
  findReceipt: {
    method: 'get',
    path: '/api/PointOfSale/Receipts',
    service: 'sales',
    access: access.permission(P.addReturnSalesTransactions),
    tag: 'PointOfSale',
    summary: "An issued invoice by its receipt's number or tax QR, with what each line has left to return",
    query: z.object({
      number: z.string().trim().min(1).max(40).optional(),
      qr: z.string().trim().min(1).max(1000).optional(),
    }),
    response: documentRecordSchema(salesInvoices),
  },
});
