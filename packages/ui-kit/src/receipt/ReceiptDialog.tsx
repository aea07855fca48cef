import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentRecord } from '@erp/contracts';
import { useFeature } from '../feature';
import { RECEIPT_CSS } from '../master-data/styles';
import { useLetterhead } from '../PrintHeader';
import { Receipt80 } from './Receipt80';
import { receiptPicture } from './receipt-image';
import { receiptOf, type ReceiptModel } from './receipt-model';

/** Paper shows only the receipt while it prints (the A4 print view stays for the page's own print). */
function printReceipt() {
  document.body.classList.add('erp-printing-receipt');
  try {
    window.print();
  } finally {
    document.body.classList.remove('erp-printing-receipt');
  }
}

/** An issued invoice's 80 mm receipt (issue 15, deliverable 6), from the invoice as the service keeps it. */
export function ReceiptDialog({
  record,
  paymentName,
  onHide,
}: {
  record: DocumentRecord;
  paymentName: (payment: Record<string, unknown>) => string;
  onHide: () => void;
}) {
  const context = useFeature();
  const letterhead = useLetterhead();
  const branchId = typeof record.branchId === 'string' ? record.branchId : (context.branch?.id ?? null);
  const branch = letterhead?.branches.find((b) => b.id === branchId) ?? null;
  const model = letterhead ? receiptOf(record, letterhead.company, branch, paymentName) : null;
  return <ReceiptSheetDialog model={model} onHide={onHide} />;
}

/**
 * An 80 mm receipt, however its facts were read (an issued invoice, or a till's own copy of its sale), printed
 * through the browser at 80 mm or, for a printer driven directly, as its picture (what the printer gets is shown
 * before it prints).
 */
export function ReceiptSheetDialog({ model, onHide }: { model: ReceiptModel | null; onHide: () => void }) {
  const { t } = useTranslation('ui');
  const sheet = useRef<HTMLDivElement>(null);
  const [picture, setPicture] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const drawPicture = async () => {
    if (!sheet.current) return null;
    setBusy(true);
    try {
      const drawn = await receiptPicture(sheet.current);
      setPicture(drawn);
      return drawn;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('doc.receipt')}
      className="erp-md-dialog erp-receipt-dialog"
      data-testid="receipt-dialog"
      footer={
        <div className="erp-md__actions">
          <Button
            type="button"
            label={t('doc.receiptPrint')}
            icon="pi pi-print"
            disabled={!model}
            data-testid="receipt-print"
            onClick={() => {
              setPicture(null);
              // the portal below renders the sheet for paper on the next frame
              requestAnimationFrame(printReceipt);
            }}
          />
          <Button
            type="button"
            label={t('doc.receiptPicture')}
            icon="pi pi-image"
            outlined
            disabled={!model || busy}
            data-testid="receipt-picture-print"
            onClick={() => void drawPicture().then((drawn) => drawn && requestAnimationFrame(printReceipt))}
          />
        </div>
      }
    >
      <style>{RECEIPT_CSS}</style>
      {model ? (
        <div className="erp-receipt-dialog__body">
          <div ref={sheet} className="erp-receipt-dialog__sheet">
            <Receipt80 model={model} />
          </div>
          {picture ? (
            <img
              className="erp-receipt-dialog__picture"
              src={picture}
              alt={t('doc.receiptPictureAlt')}
              data-testid="receipt-picture"
            />
          ) : null}
        </div>
      ) : null}
      {model
        ? createPortal(
            <div className="erp-print erp-receipt-print" dir="rtl" lang="ar">
              {picture ? (
                <img src={picture} alt="" className="erp-receipt-print__picture" />
              ) : (
                <Receipt80 model={model} />
              )}
            </div>,
            document.body,
          )
        : null}
    </Dialog>
  );
}
