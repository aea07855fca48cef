/**
 * The UI kit's texts for the lines grid, the document screen and the Excel import and export, in English
 * (the fallback). Spread into the 'ui' namespace of each language; every language has exactly these keys.
 */
export const en = {
  lines: {
    add: 'Add line',
    remove: 'Remove',
    removeLine: 'Remove line {{row}}',
    empty: 'No lines yet.',
    keyboardHint: 'Enter moves to the next cell; after the last cell it adds a line.',
    choose: 'Choose',
    itemPlaceholder: 'Code, barcode or name',
    itemNotFound: 'No item has this code, barcode or name',
  },
  doc: {
    search: 'Search by code, reference or notes',
    dateFrom: 'From',
    dateTo: 'To',
    allStores: 'All stores',
    allStatuses: 'All statuses',
    deleted: 'The document was deleted.',
    confirmDeleteTitle: 'Delete the document',
    confirmDelete: 'Delete {{document}} number {{code}}? This cannot be undone.',
    referenced: 'Referenced',
    saved: 'The document was saved.',
    closedDone: 'The document was closed.',
    newTitle: 'New: {{document}}',
    editTitle: 'Edit: {{document}} {{code}}',
    viewTitle: 'View: {{document}} {{code}}',
    readOnlyClosed: 'This document is closed: it can be viewed and printed, not changed or deleted.',
    readOnlyReferenced:
      'Another document refers to this one: it cannot be edited or deleted (a referenced transaction).',
    lines: 'Lines',
    totals: 'Totals',
    attachAfterSave: 'Save the document first to attach files to it.',
    print: 'Print',
    close: 'Close the document',
    confirmCloseTitle: 'Close the document',
    confirmClose:
      'Close {{document}} number {{code}}? Its differences are posted and it cannot be changed or deleted afterwards.',
    fileTooLarge: 'The file is larger than 5 MB',
    attached: 'The file was attached.',
    attachments: 'Attachments',
    noAttachments: 'No files are attached.',
    download: 'Download',
    removeAttachment: 'Remove the file {{name}}?',
    removeAttachmentTitle: 'Remove the attachment',
    attach: 'Attach a file',
    attachHint: 'Up to 5 MB per file.',
  },
  migration: {
    import: 'Import from Excel',
    title: 'Import: {{name}}',
    hint: 'One .xlsx, .xls or .csv file under 1 MB. Start from the template: its columns are the ones read.',
    template: 'Download the template',
    templateFile: '{{name}} template',
    chooseFile: 'Choose the file to import',
    send: 'Import',
    oneFile: 'Choose one file only',
    fileType: 'Only .xlsx, .xls or .csv files can be imported',
    fileTooLarge: 'The file must be smaller than 1 MB',
    importedCount: 'Rows imported: {{count}}',
    someRejected: 'Rows imported: {{imported}}. Rows not recognised: {{rejected}}.',
    row: 'Row',
    reasons: 'Reasons',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type KitMessages = DeepStrings<typeof en>;
