import type { ApiClient } from '@erp/api-client';

/** Downloads the whole report, as filtered and sorted, as the server's Excel workbook. */
export async function downloadReport(
  api: ApiClient,
  path: string,
  criteria: Readonly<Record<string, string>>,
  fileName: string,
): Promise<void> {
  const blob = await api.get<Blob>(path, undefined, {
    query: { ...criteria, format: 'xlsx' },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Renders the print view, prints, and removes it again (only one print view may be on the page). */
export function printReport(setPrinting: (on: boolean) => void): void {
  setPrinting(true);
  // after the print view is drawn; window.print blocks until the dialog closes
  setTimeout(() => {
    window.print();
    setPrinting(false);
  }, 0);
}
